import random, re
random.seed(2417)
V = set("aeiouyëøíéá")
styles = {
 # flowing, long vowels split by liquids
 'fair': (["a","e","i","o"], ["l","n","r","th","s","v","m","f","d","c"], ["el","al","ir","on","is","ar","en","ith","iel","wen","dor","las","rin","mir","nar","wyn"], (2,3)),
 # hard northern
 'north': (["a","o","u","i","e"], ["b","d","g","k","th","dr","gr","br","t","h","st","r","v","sk"], ["rn","nd","k","m","r","n","d","l","rik","grim","ulf","mar","bold","vik","ar","un"], (1,2)),
 # southern / desert
 'south': (["a","i","u","e"], ["z","sh","kh","r","m","s","h","j","q","n","b","d","t","f"], ["ir","an","ah","im","ad","ar","esh","ul","ira","un","is","at","ami","ez"], (2,3)),
 # imperial
 'crown': (["a","e","i","o","u"], ["c","v","t","m","p","l","s","r","n","d","g","qu","fl","cl"], ["ius","ia","ian","ora","ens","us","ina","ano","ax","or","ix","io","el"], (2,2)),
}
def ok(n):
    if re.search(r"[aeiouy]{3}", n): return False
    if re.search(r"[^aeiouy]{3}", n) and not re.search(r"(nth|ndr|rth|str|ldr|lth|nst|rst)", n): return False
    if len(n) < 4 or len(n) > 10: return False
    if re.search(r"(.)\1\1", n): return False
    if re.search(r"(qu[^aeio])|q[^u]", n): return False
    return True
out=set()
for style,(vs,cs,ends,(lo,hi)) in styles.items():
    got=0
    tries=0
    while got<170 and tries<100000:
        tries+=1
        k=random.randint(lo,hi)
        s=""
        if random.random()<0.25: s=random.choice(vs)
        for i in range(k):
            s+=random.choice(cs)+random.choice(vs)
        e=random.choice(ends)
        if e[0] in "aeiouy": s=s[:-1]
        s+=e
        if not ok(s): continue
        if s in out: continue
        out.add(s); got+=1
names=sorted(n.capitalize() for n in out)
open("names.txt","w").write("\n".join(names)+"\n")
print(len(names)); print(names[::25])
