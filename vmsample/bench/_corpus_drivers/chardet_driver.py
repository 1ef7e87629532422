# Driver (written for vmsample's corpus) of chardet: encodings detected from bytes.
import chardet
from chardet.universaldetector import UniversalDetector

SAMPLES = {
    "utf-8": "Ceci est un texte français, avec des accents : é, è, à, ç, ô. Ünïcödé ☃ ✓",
    "utf-16": "Unicode text with a BOM: ľščťžýáíé",
    "windows-1251": "В чащах юга жил бы цитрус? Да, но фальшивый экземпляр! Съешь же ещё этих мягких французских булок",
    "koi8-r": "Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства",
    "iso-8859-7": "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. Τάχιστη αλώπηξ βαφής ψημένη γη, δρασκελίζει υπέρ νωθρού κυνός",
    "shift_jis": "いろはにほへとちりぬるを わかよたれそつねならむ うゐのおくやまけふこえて あさきゆめみしゑひもせす",
    "euc-kr": "다람쥐 헌 쳇바퀴에 타고파. 키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다",
    "gb2312": "我能吞下玻璃而不伤身体。天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。寒来暑往，秋收冬藏。",
    "ascii": "Just plain ASCII text, nothing to see here. " * 3,
}
for encoding, text in SAMPLES.items():
    data = (text * 4).encode(encoding)
    result = chardet.detect(data)
    print(encoding, "->", result["encoding"], round(result["confidence"], 2), result["language"])

detector = UniversalDetector()
data = (SAMPLES["windows-1251"] * 6).encode("windows-1251")
for i in range(0, len(data), 37):
    detector.feed(data[i:i + 37])
    if detector.done:
        break
detector.close()
print("incremental:", detector.result["encoding"], round(detector.result["confidence"], 2))
print([(r["encoding"], round(r["confidence"], 2)) for r in chardet.detect_all(SAMPLES["euc-kr"].encode("euc-kr"))][:3])
print(chardet.detect(b""), chardet.detect(b"\xef\xbb\xbfBOM utf-8")["encoding"], chardet.__version__)
