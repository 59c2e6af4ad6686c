/* tmpl: the C face of ctemplate. The only C++ in the daemon.
 *
 * Lifetime: tmpl_init builds one private TemplateCache, loads every template
 * into it and freezes it. The cache then lives until the process exits (it is
 * never freed, so no worker can expand from a dead cache during shutdown).
 * A frozen cache is read-only: ExpandNoLoad never touches the disk and never
 * writes the cache, which is what makes expansion from many threads safe.
 *
 * Every function with C linkage catches every exception: a C++ exception
 * crossing into C is undefined behaviour. */
/* buf.h and log.h are plain C headers without extern "C" guards; tmpl.h
 * includes buf.h outside its own guard, so buf.h must come first, here. */
extern "C" {
#include "buf.h"
#include "log.h"
}
#include "tmpl.h"

#include <ctemplate/template.h>
#include <ctemplate/template_cache.h>
#include <ctemplate/template_dictionary.h>
#include <ctemplate/template_emitter.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

/* The pragma that must open every template, byte for byte. A template that
 * forgot it would expand with no escaping at all, and ctemplate would not
 * say a word, so we check for it ourselves. */
static const char kPragma[] = "{{%AUTOESCAPE context=\"HTML\"}}";

/* Escaping modifiers that switch the auto-escaper off for a variable. */
static const char *const kForbidden[] = {":none", nullptr};

static ctemplate::TemplateCache *g_cache; /* frozen; process lifetime */

/* A dictionary handle. The root owns its TemplateDictionary and every handle
 * made below it; a section or include handle points at a dictionary owned by
 * its ctemplate parent. Setters cannot report failure (their C signatures
 * return void), so a failure is remembered on the root and tmpl_expand
 * refuses to expand a dictionary that lost a value. */
struct tmpl_dict {
	ctemplate::TemplateDictionary *td = nullptr;
	struct tmpl_dict *root = nullptr;
	bool failed = false;                                 /* root only */
	std::vector<std::unique_ptr<struct tmpl_dict>> kids; /* root only */
};

/* Appends ctemplate's output to a struct buf; remembers a failed append. */
class BufEmitter : public ctemplate::ExpandEmitter
{
      public:
	explicit BufEmitter(struct buf *out) : out_(out)
	{
	}
	void Emit(char c) override
	{
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

extern "C" int tmpl_init(const char *dir, const char *const *names)
{
	if (!dir || !names) {
		log_error("tmpl_init: no directory or no template list");
		return -1;
	}
	try {
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
		std::unique_ptr<struct tmpl_dict> d(new struct tmpl_dict);
		d->td = new ctemplate::TemplateDictionary(name ? name : "dict");
		d->root = d.get();
		return d.release();
	} catch (...) {
		log_error("tmpl_dict_new: out of memory");
		return nullptr;
	}
}

extern "C" void tmpl_dict_free(struct tmpl_dict *d)
{
	if (!d)
		return;
	if (d->root != d) {
		log_error("tmpl_dict_free: called on a sub-dictionary (owned by its parent)");
		return;
	}
	delete d->td; /* frees the section and include dictionaries too */
	delete d;     /* and the handles in kids */
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
	guarded(d, "tmpl_set",
	        [&](ctemplate::TemplateDictionary *td) { td->SetValue(key, value ? value : ""); });
}

extern "C" void tmpl_set_int(struct tmpl_dict *d, const char *key, long value)
{
	guarded(d, "tmpl_set_int",
	        [&](ctemplate::TemplateDictionary *td) { td->SetIntValue(key, value); });
}

extern "C" void tmpl_show(struct tmpl_dict *d, const char *section)
{
	guarded(d, "tmpl_show",
	        [&](ctemplate::TemplateDictionary *td) { td->ShowSection(section); });
}

/* Wraps a dictionary owned by ctemplate in a handle owned by d's root. */
static struct tmpl_dict *adopt(struct tmpl_dict *d, ctemplate::TemplateDictionary *child)
{
	std::unique_ptr<struct tmpl_dict> h(new struct tmpl_dict);
	h->td = child;
	h->root = d->root;
	struct tmpl_dict *raw = h.get();
	d->root->kids.push_back(std::move(h));
	return raw;
}

extern "C" struct tmpl_dict *tmpl_section(struct tmpl_dict *d, const char *section)
{
	if (!d)
		return nullptr;
	try {
		return adopt(d, d->td->AddSectionDictionary(section));
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
		ctemplate::TemplateDictionary *inc = d->td->AddIncludeDictionary(name);
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
		ok = g_cache->ExpandNoLoad(file, ctemplate::STRIP_WHITESPACE, d->td, nullptr,
		                           &emit) &&
		     !emit.failed();
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
