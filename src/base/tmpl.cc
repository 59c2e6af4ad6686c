/* tmpl: the C face of ctemplate. The only C++ in the daemon.
 *
 * Lifetime: tmpl_init builds one private TemplateCache, loads every template
 * into it and freezes it. The cache then lives until the process exits (it is
 * never freed, so no worker can expand from a dead cache during shutdown).
 * A frozen cache is read-only: ExpandNoLoad never touches the disk and never
 * writes the cache, which is what makes expansion from many threads safe.
 *
 * Every function with C linkage catches every exception: a C++ exception
 * crossing into C is undefined behaviour.
 *
 * Fragments (tmpl_frag, tmpl_set_spans): HTML made by expanding a template
 * once, kept, and spliced into later pages by the x-frag modifier. The
 * modifier is registered as XSS-safe, so ctemplate adds no escaping to it;
 * that is sound because what it emits is never the variable's value: the
 * value is only an index into the spans the C side registered on the root
 * dictionary, and the bytes of a span can only come from tmpl_frag_add,
 * that is from an expansion, escaped by the engine like any page. A value
 * that is not such an index splices nothing. */
/* buf.h and log.h are plain C headers without extern "C" guards; tmpl.h
 * includes buf.h outside its own guard, so buf.h must come first, here. */
extern "C" {
#include "buf.h"
#include "log.h"
}
#include "tmpl.h"

#include "decimal.h"

#include <dirent.h>

#include <algorithm>
#include <string>
#include <vector>

#include <ctemplate/template.h>
#include <ctemplate/template_cache.h>
#include <ctemplate/template_dictionary.h>
#include <ctemplate/template_emitter.h>

#include <ctemplate/per_expand_data.h>
#include <ctemplate/template_modifiers.h>

#include <cstdint>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

/* The pragma that must open every template, byte for byte. A template that
 * forgot it would expand with no escaping at all, and ctemplate would not
 * say a word, so we check for it ourselves. */
static const char kPragma[] = "{{%AUTOESCAPE context=\"HTML\"}}";

/* Escaping modifiers that switch the auto-escaper off for a variable. */
static const char *const kForbidden[] = {":none", nullptr};

static ctemplate::TemplateCache *g_cache; /* frozen; process lifetime */

/* Pieces of HTML, each the output of one expansion; piece i is
 * text[off[i], off[i + 1]). Immutable once built, so any number of threads
 * may splice it at once. */
struct tmpl_frag {
	std::string text;
	std::vector<size_t> off{0};
};

struct tmpl_root;

/* A dictionary handle: a TemplateDictionary and the root it belongs to. */
struct tmpl_dict {
	ctemplate::TemplateDictionary *td;
	struct tmpl_root *root;
};

/* What a page's root dictionary owns besides its TemplateDictionary (which
 * owns the section and include dictionaries): the handles made below it
 * (a deque: one allocation per many handles, and stable addresses) and the
 * spans set for x-frag variables. Setters cannot report failure (their C
 * signatures return void), so a failure is remembered here and tmpl_expand
 * refuses to expand a dictionary that lost a value. */
struct tmpl_root {
	struct tmpl_dict self {
		nullptr, nullptr
	}; /* the handle tmpl_dict_new returns */
	bool failed = false;
	/* Set by the x-plain modifier during an expansion of this root's
	 * dictionary (which runs on one thread): a value held a byte it may not
	 * emit, and the expansion fails. */
	mutable bool bad_plain = false;
	std::deque<struct tmpl_dict> kids;
	std::vector<struct tmpl_span> spans;            /* all splices' spans, in order */
	std::vector<std::pair<size_t, size_t>> splices; /* (first span, count) */
};

/* Where the x-frag modifier finds the root of the dictionary being expanded. */
static const char kRootKey[] = "lootforge-root";

/* The value of an x-frag variable as a splice index: decimal digits only. */
static bool splice_index(const char *in, size_t n, size_t *out)
{
	size_t v = 0;
	if (n == 0 || n > 9)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (in[i] < '0' || in[i] > '9')
			return false;
		v = v * 10 + (size_t)(in[i] - '0');
	}
	*out = v;
	return true;
}

/* {{VAR:x-frag}}: emits the spans registered under VAR's index. */
class FragModifier : public ctemplate::TemplateModifier
{
      public:
	void Modify(const char *in, size_t inlen, const ctemplate::PerExpandData *ped,
	            ctemplate::ExpandEmitter *out, const std::string &) const override
	{
		const tmpl_root *r =
		        ped ? static_cast<const tmpl_root *>(ped->LookupForModifiers(kRootKey))
		            : nullptr;
		size_t i;
		if (!r || !splice_index(in, inlen, &i) || i >= r->splices.size())
			return;
		for (size_t k = 0; k < r->splices[i].second; k++) {
			const struct tmpl_span &sp = r->spans[r->splices[i].first + k];
			const std::vector<size_t> &off = sp.frag->off;
			out->Emit(sp.frag->text.data() + off[sp.from], off[sp.to] - off[sp.from]);
		}
	}
};

static FragModifier g_frag_modifier;

/* {{VAR:x-plain}}: the value as it is, for a long value that C code builds
 * from bytes no HTML context gives a meaning to (the map's SVG path, its
 * cells as text: 30-60 KB a page, whose escaping, a virtual call a byte,
 * was ~15% of the page's CPU). ctemplate adds no escaping to it (registered
 * XSS-safe), so the modifier itself is the guard: it emits the value only
 * when every byte is an ASCII letter, a digit, ' ', '.', '#', '-' or a
 * newline; any other byte (a quote, '<', '&', ':', '/', '=', ...) emits
 * nothing and fails the whole expansion, so an unexpected value is a 500,
 * never markup. For such values HTML escaping, in an attribute or in a
 * <pre>, would have left every byte as it is: the page keeps its bytes. A
 * template uses it only where a comment says why the value is plain. */
static bool plain_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == ' ' || c == '.' || c == '#' || c == '-' || c == '\n';
}

/* plain_byte as a table, built before main: the check below reads it eight
 * bytes at a time without a branch a byte (~0.25 ns a byte against ~1.4 for
 * the comparisons, ~60 KB a 30 x 30 map page). */
static const struct PlainTable {
	unsigned char ok[256];
	PlainTable()
	{
		for (int c = 0; c < 256; c++)
			ok[c] = plain_byte((unsigned char)c);
	}
} g_plain;

#if defined(__GNUC__)
/* Sixteen bytes at a time with the compiler's vectors (SSE2 on x86-64):
 * plain_byte's set as signed comparisons (pcmpgtb, one instruction each;
 * a byte from 0x80 up is negative and falls outside every range, as no
 * plain byte is that high), and-ed over the whole value and tested once at
 * the end (a value that fails is a bug, not a case to be fast for). The
 * ranges: letters as (c | 0x20) in 'a'..'z'; '-', '.' and the digits as
 * '-'..'9' without '/'. */
typedef signed char plain_v16 __attribute__((vector_size(16)));

static size_t plain_blocks(const unsigned char *p, size_t n, bool *ok)
{
	const plain_v16 lower = (plain_v16){} + 0x20, before_a = (plain_v16){} + ('a' - 1),
	                after_z = (plain_v16){} + ('z' + 1),
	                before_dash = (plain_v16){} + ('-' - 1),
	                after_9 = (plain_v16){} + ('9' + 1), slash = (plain_v16){} + '/',
	                sp = (plain_v16){} + ' ', hash = (plain_v16){} + '#',
	                nl = (plain_v16){} + '\n';
	plain_v16 all = (plain_v16){} - 1;
	size_t i = 0;
	for (; i + 16 <= n; i += 16) {
		plain_v16 c;
		std::memcpy(&c, p + i, 16);
		plain_v16 l = c | lower;
		all &= ((l > before_a) & (l < after_z)) |
		       ((c > before_dash) & (c < after_9) & (c != slash)) | (c == sp) |
		       (c == hash) | (c == nl);
	}
	uint64_t half[2];
	std::memcpy(half, &all, 16);
	*ok = (half[0] & half[1]) == ~(uint64_t)0;
	return i;
}
#else
static size_t plain_blocks(const unsigned char *, size_t, bool *ok)
{
	*ok = true;
	return 0;
}
#endif

static bool all_plain(const char *in, size_t n)
{
	const unsigned char *p = (const unsigned char *)in;
	const unsigned char *ok = g_plain.ok;
	bool blocks_ok;
	size_t i = plain_blocks(p, n, &blocks_ok);
	if (!blocks_ok)
		return false;
	for (; i < n; i++)
		if (!ok[p[i]])
			return false;
	return true;
}

class PlainModifier : public ctemplate::TemplateModifier
{
      public:
	void Modify(const char *in, size_t inlen, const ctemplate::PerExpandData *ped,
	            ctemplate::ExpandEmitter *out, const std::string &) const override;
};

void PlainModifier::Modify(const char *in, size_t inlen, const ctemplate::PerExpandData *ped,
                           ctemplate::ExpandEmitter *out, const std::string &) const
{
	const tmpl_root *r =
	        ped ? static_cast<const tmpl_root *>(ped->LookupForModifiers(kRootKey)) : nullptr;
	if (!all_plain(in, inlen)) {
		if (r)
			r->bad_plain = true;
		log_error("tmpl: an x-plain value holds a byte it may not; the page fails");
		return;
	}
	if (!r) /* no root to fail: emit nothing rather than an unchecked page */
		return;
	out->Emit(in, inlen);
}

static PlainModifier g_plain_modifier;

/* Appends ctemplate's output to a struct buf; remembers a failed append. */
class BufEmitter : public ctemplate::ExpandEmitter
{
      public:
	explicit BufEmitter(struct buf *out) : out_(out)
	{
	}
	/* ctemplate's escapers emit a byte at a time: the room reserved nearly
	 * always holds it, then a store without buf_append's call. */
	void Emit(char c) override
	{
		struct buf *b = out_;
		if (!failed_ && b->cap - b->len > 1) {
			b->data[b->len++] = c;
			b->data[b->len] = '\0';
			return;
		}
		put(&c, 1);
	}
	void Emit(const std::string &s) override
	{
		put(s.data(), s.size());
	}
	void Emit(const char *s) override
	{
		put(s, std::char_traits<char>::length(s));
	}
	void Emit(const char *s, size_t n) override
	{
		put(s, n);
	}
	bool failed() const
	{
		return failed_;
	}

      private:
	void put(const char *s, size_t n)
	{
		if (!failed_ && buf_append(out_, s, n) != 0)
			failed_ = true;
	}
	struct buf *out_;
	bool failed_ = false;
};

/* ctemplate reports problems (auto-escape parse errors, missing files) on
 * std::cerr rather than through return values alone. While loading we
 * capture that stream so that any complaint fails start-up and is logged
 * through our own log. Only used in tmpl_init, before worker threads exist. */
class CerrCapture
{
      public:
	CerrCapture() : old_(std::cerr.rdbuf(text_.rdbuf()))
	{
	}
	~CerrCapture()
	{
		std::cerr.rdbuf(old_);
	}
	std::string take()
	{
		std::string s = text_.str();
		text_.str("");
		return s;
	}

      private:
	std::ostringstream text_;
	std::streambuf *old_;
};

/* ctemplate's messages end in newlines and may span lines; one log line. */
static std::string one_line(std::string s)
{
	for (char &c : s)
		if (c == '\n' || c == '\r')
			c = ' ';
	while (!s.empty() && s.back() == ' ')
		s.pop_back();
	return s;
}

/* Our own checks on the file's text: the pragma first, no escape hatch. */
static bool check_source(const std::string &path, const char *name)
{
	std::ifstream in(path, std::ios::binary);
	if (!in) {
		log_error("template %s: cannot be read", name);
		return false;
	}
	std::ostringstream text;
	text << in.rdbuf();
	const std::string s = text.str();
	if (s.compare(0, sizeof kPragma - 1, kPragma) != 0) {
		log_error("template %s: does not begin with %s", name, kPragma);
		return false;
	}
	for (const char *const *m = kForbidden; *m; m++) {
		if (s.find(*m) != std::string::npos) {
			log_error("template %s: uses the %s modifier, which disables escaping",
			          name, *m);
			return false;
		}
	}
	return true;
}

static bool load_one(ctemplate::TemplateCache *cache, const std::string &dir, const char *name)
{
	if (!check_source(dir + "/" + name, name))
		return false;
	CerrCapture cap;
	bool ok = cache->LoadTemplate(name, ctemplate::STRIP_WHITESPACE);
	std::string said = one_line(cap.take());
	if (!said.empty()) {
		log_error("template %s: %s", name, said.c_str());
		return false;
	}
	if (!ok) {
		log_error("template %s: failed to load", name);
		return false;
	}
	return true;
}

/* Every "*.tpl" file of dir, sorted (so the load order, and a failure,
 * does not depend on the file system). False when dir cannot be read or
 * holds none. */
static bool list_templates(const char *dir, std::vector<std::string> &out)
{
	std::unique_ptr<DIR, int (*)(DIR *)> d(opendir(dir), closedir);
	if (!d) {
		log_error("template directory %s: cannot be read", dir);
		return false;
	}
	while (const struct dirent *e = readdir(d.get())) {
		const std::string n(e->d_name);
		if (n.size() > 4 && n[0] != '.' && n.compare(n.size() - 4, 4, ".tpl") == 0)
			out.push_back(n);
	}
	std::sort(out.begin(), out.end());
	if (out.empty()) {
		log_error("template directory %s: no *.tpl file", dir);
		return false;
	}
	return true;
}

extern "C" int tmpl_init(const char *dir, const char *const *names)
{
	if (!dir) {
		log_error("tmpl_init: no template directory");
		return -1;
	}
	try {
		std::vector<std::string> all;
		std::vector<const char *> list;
		if (!names) {
			if (!list_templates(dir, all))
				return -1;
			for (const std::string &n : all)
				list.push_back(n.c_str());
			list.push_back(nullptr);
			names = list.data();
		}
		/* Before any template that uses it is parsed; once per process. */
		static const bool frag_ok =
		        ctemplate::AddXssSafeModifier("x-frag", &g_frag_modifier) &&
		        ctemplate::AddXssSafeModifier("x-plain", &g_plain_modifier);
		if (!frag_ok) {
			log_error("tmpl_init: cannot register the x-frag and x-plain modifiers");
			return -1;
		}
		std::unique_ptr<ctemplate::TemplateCache> cache(new ctemplate::TemplateCache());
		if (!cache->SetTemplateRootDirectory(dir)) {
			log_error("template directory %s: cannot be used", dir);
			return -1;
		}
		for (const char *const *n = names; *n; n++)
			if (!load_one(cache.get(), dir, *n))
				return -1;
		cache->Freeze();
		/* A second init (tests do that) replaces the cache; the contract
		 * says no thread expands meanwhile. */
		delete g_cache;
		g_cache = cache.release();
		return 0;
	} catch (const std::exception &e) {
		log_error("tmpl_init: %s", e.what());
	} catch (...) {
		log_error("tmpl_init: unknown exception");
	}
	return -1;
}

extern "C" struct tmpl_dict *tmpl_dict_new(const char *name)
{
	try {
		std::unique_ptr<struct tmpl_root> r(new struct tmpl_root);
		r->self.td = new ctemplate::TemplateDictionary(name ? name : "dict");
		r->self.root = r.get();
		return &r.release()->self;
	} catch (...) {
		log_error("tmpl_dict_new: out of memory");
		return nullptr;
	}
}

extern "C" void tmpl_dict_free(struct tmpl_dict *d)
{
	if (!d)
		return;
	if (&d->root->self != d) {
		log_error("tmpl_dict_free: called on a sub-dictionary (owned by its parent)");
		return;
	}
	delete d->td;   /* frees the section and include dictionaries too */
	delete d->root; /* and the handles in kids */
}

/* ---- keys ----
 *
 * ctemplate identifies a key by a hash it computes, and for every key that
 * does not carry that id it looks the key up in a process-wide map under a
 * reader-writer lock, twice per SetValue (TemplateDictionary's
 * AddToIdToNameMap): with every worker rendering, that lock was the top of
 * the profile. A StaticTemplateString carries its id,
 * so ctemplate skips all that. Keys are interned once per process into
 * StaticTemplateStrings (under g_keys_lock; they live until the process
 * exits, as ctemplate's map points into them), and each thread finds them
 * again by pointer in a small table of its own, without a lock. The text
 * is compared too, so a key in a reused buffer is never taken for another. */

struct Key {
	std::string text;
	ctemplate::StaticTemplateString sts;
};

static std::mutex g_keys_lock;
static std::unordered_map<std::string, Key *> *g_keys; /* never freed */

static const ctemplate::StaticTemplateString *intern(const char *key)
{
	std::lock_guard<std::mutex> hold(g_keys_lock);
	if (!g_keys)
		g_keys = new std::unordered_map<std::string, Key *>;
	auto it = g_keys->find(key);
	if (it != g_keys->end())
		return &it->second->sts;
	std::unique_ptr<Key> k(new Key);
	k->text = key;
	k->sts = ctemplate::StaticTemplateString{{k->text.data(), k->text.size(), 0}};
	ctemplate::StaticTemplateStringInitializer init(&k->sts); /* the id, and the map */
	g_keys->emplace(k->text, k.get());
	return &k.release()->sts;
}

struct KeySlot {
	const char *p;
	const ctemplate::StaticTemplateString *sts;
};

enum { KEY_SLOTS = 1024 }; /* a page uses ~60 distinct keys */
static thread_local KeySlot t_keys[KEY_SLOTS];

static ctemplate::TemplateString key_of(const char *key)
{
	if (!key)
		key = "";
	KeySlot &slot = t_keys[((uintptr_t)key >> 2) % KEY_SLOTS];
	if (slot.p != key || std::strcmp(slot.sts->do_not_use_directly_.ptr_, key) != 0)
		slot = KeySlot{key, intern(key)};
	return ctemplate::TemplateString(*slot.sts);
}

/* Runs f on d's dictionary; an exception marks the root as failed. */
template <typename F> static void guarded(struct tmpl_dict *d, const char *what, F f)
{
	if (!d)
		return;
	try {
		f(d->td);
	} catch (...) {
		log_error("%s: failed (out of memory?)", what);
		d->root->failed = true;
	}
}

extern "C" void tmpl_set(struct tmpl_dict *d, const char *key, const char *value)
{
	guarded(d, "tmpl_set", [&](ctemplate::TemplateDictionary *td) {
		td->SetValue(key_of(key), value ? value : "");
	});
}

extern "C" void tmpl_set_ref(struct tmpl_dict *d, const char *key, const char *value, size_t n)
{
	guarded(d, "tmpl_set_ref", [&](ctemplate::TemplateDictionary *td) {
		td->SetValueWithoutCopy(key_of(key), value ? ctemplate::TemplateString(value, n)
		                                           : ctemplate::TemplateString("", 0));
	});
}

extern "C" void tmpl_set_int(struct tmpl_dict *d, const char *key, long value)
{
	char text[DECIMAL_MAX];
	guarded(d, "tmpl_set_int", [&](ctemplate::TemplateDictionary *td) {
		td->SetValue(key_of(key), decimal_i64(value, 0, text));
	});
}

extern "C" void tmpl_show(struct tmpl_dict *d, const char *section)
{
	guarded(d, "tmpl_show",
	        [&](ctemplate::TemplateDictionary *td) { td->ShowSection(key_of(section)); });
}

/* Wraps a dictionary owned by ctemplate in a handle owned by d's root. */
static struct tmpl_dict *adopt(struct tmpl_dict *d, ctemplate::TemplateDictionary *child)
{
	d->root->kids.push_back(tmpl_dict{child, d->root});
	return &d->root->kids.back();
}

extern "C" struct tmpl_dict *tmpl_section(struct tmpl_dict *d, const char *section)
{
	if (!d)
		return nullptr;
	try {
		return adopt(d, d->td->AddSectionDictionary(key_of(section)));
	} catch (...) {
		log_error("tmpl_section: out of memory");
		d->root->failed = true;
		return nullptr;
	}
}

extern "C" struct tmpl_dict *tmpl_include(struct tmpl_dict *d, const char *name, const char *file)
{
	if (!d)
		return nullptr;
	try {
		ctemplate::TemplateDictionary *inc = d->td->AddIncludeDictionary(key_of(name));
		inc->SetFilename(file);
		return adopt(d, inc);
	} catch (...) {
		log_error("tmpl_include: out of memory");
		d->root->failed = true;
		return nullptr;
	}
}

extern "C" int tmpl_expand(const char *file, const struct tmpl_dict *d, struct buf *out)
{
	if (!file || !d || !out)
		return -1;
	if (!g_cache) {
		log_error("tmpl_expand %s: templates not loaded", file);
		return -1;
	}
	if (d->root->failed) {
		log_error("tmpl_expand %s: the dictionary lost a value", file);
		return -1;
	}
	const size_t start = out->len;
	bool ok = false;
	try {
		BufEmitter emit(out);
		ctemplate::PerExpandData ped;
		ped.InsertForModifiers(kRootKey, d->root);
		d->root->bad_plain = false;
		ok = g_cache->ExpandNoLoad(file, ctemplate::STRIP_WHITESPACE, d->td, &ped, &emit) &&
		     !emit.failed() && !d->root->bad_plain;
		if (!ok)
			log_error("tmpl_expand %s: failed", file);
	} catch (...) {
		log_error("tmpl_expand %s: exception", file);
		ok = false;
	}
	if (!ok && out->data) {
		/* No half page: drop what this call appended. */
		out->len = start;
		out->data[start] = '\0';
	}
	return ok ? 0 : -1;
}

/* ---- fragments ---------------------------------------------------------- */

extern "C" struct tmpl_frag *tmpl_frag_new(void)
{
	try {
		return new struct tmpl_frag;
	} catch (...) {
		log_error("tmpl_frag_new: out of memory");
		return nullptr;
	}
}

extern "C" void tmpl_frag_free(struct tmpl_frag *f)
{
	delete f;
}

extern "C" size_t tmpl_frag_count(const struct tmpl_frag *f)
{
	return f ? f->off.size() - 1 : 0;
}

extern "C" int tmpl_frag_add(struct tmpl_frag *f, const char *file, const struct tmpl_dict *d)
{
	if (!f || !file || !d || !g_cache || d->root->failed)
		return -1;
	const size_t start = f->text.size();
	try {
		ctemplate::StringEmitter emit(&f->text);
		ctemplate::PerExpandData ped;
		ped.InsertForModifiers(kRootKey, d->root);
		d->root->bad_plain = false;
		if (g_cache->ExpandNoLoad(file, ctemplate::STRIP_WHITESPACE, d->td, &ped, &emit) &&
		    !d->root->bad_plain) {
			f->off.push_back(f->text.size());
			return 0;
		}
		log_error("tmpl_frag_add %s: failed", file);
	} catch (...) {
		log_error("tmpl_frag_add %s: out of memory", file);
	}
	f->text.resize(start); /* no half piece */
	return -1;
}

extern "C" int tmpl_frag_copy(struct tmpl_frag *f, const struct tmpl_frag *from, size_t i)
{
	if (!f || !from || f == from || i + 1 >= from->off.size())
		return -1;
	const size_t start = f->text.size();
	try {
		f->text.append(from->text, from->off[i], from->off[i + 1] - from->off[i]);
		f->off.push_back(f->text.size());
		return 0;
	} catch (...) {
		log_error("tmpl_frag_copy: out of memory");
	}
	f->text.resize(start);
	return -1;
}

extern "C" void tmpl_set_spans(struct tmpl_dict *d, const char *key, const struct tmpl_span *spans,
                               size_t n)
{
	if (!d)
		return;
	struct tmpl_root *r = d->root;
	for (size_t i = 0; i < n; i++) {
		if (!spans[i].frag || spans[i].from > spans[i].to ||
		    spans[i].to > tmpl_frag_count(spans[i].frag)) {
			log_error("tmpl_set_spans %s: span out of range", key);
			r->failed = true;
			return;
		}
	}
	guarded(d, "tmpl_set_spans", [&](ctemplate::TemplateDictionary *td) {
		char index[DECIMAL_MAX];
		decimal_u64(r->splices.size(), index);
		r->splices.emplace_back(r->spans.size(), n);
		r->spans.insert(r->spans.end(), spans, spans + n);
		td->SetValue(key_of(key), index);
	});
}
