# Driver (written for vmsample's corpus) of idna: internationalized domain names (IDNA 2008, UTS #46), and its codec.
import codecs

import idna
import idna.codec  # registers the "idna2008" codec

for name in ["ドメイン.テスト", "Königsgäßchen.example", "xn--mgbh0fb.xn--kgbechtv", "ÉXAMPLE.com",
             "faß.de", "☃.net", "bücher.ch", "例え.テスト"]:
    try:
        a = idna.encode(name, uts46=True)
        print(name, "->", a, "->", idna.decode(a))
    except idna.IDNAError as e:
        print(name, "-> error:", e)
for bad in ["xn--", "a" * 64 + ".com", "-leading.com", "abc\u0300.com", "\u0660\u06f0.com"]:
    try:
        idna.encode(bad)
    except idna.IDNAError as e:
        print(repr(bad), "->", type(e).__name__, e)
print(idna.uts46_remap("Straße.DE", std3_rules=True, transitional=True), idna.alabel("español"), idna.ulabel(b"xn--espaol-zwa"))
print(idna.check_label("abc") is None, idna.valid_contextj("a\u200db", 1), idna.valid_contexto("l\u00b7l", 1))
print(codecs.encode("müller.example", "idna2008"), codecs.decode(b"xn--mller-kva.example", "idna2008"))
print(idna.intranges.intranges_from_list([1, 2, 3, 7, 8, 20]), idna.intranges.intranges_contain(8, idna.intranges.intranges_from_list([7, 8])))
