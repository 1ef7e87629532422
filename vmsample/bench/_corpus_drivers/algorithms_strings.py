# Driver (written for vmsample's corpus) of keon/algorithms' string functions.
from algorithms.strings import *

print(add_binary("1011", "111"), atbash("Attack at dawn"), caesar_cipher("Hello, World!", 3))
print(check_pangram("The quick brown fox jumps over the lazy dog"), contain_string("hello", "ll"))
print(count_binary_substring("00110011"), decode_string("3[a2[c]]"), delete_reoccurring_characters("aaabcccc"))
print(domain_name_1("http://github.com/SaadBenn"), domain_name_2("https://www.cnet.com"), decode(encode("ab cde fgh")))
print(group_anagrams(["eat", "tea", "tan", "ate", "nat", "bat"]))
print([int_to_roman(n) for n in (1, 4, 9, 14, 40, 90, 400, 1994, 3999)])
print(is_rotated("hello", "llohe"), judge_circle("UDLR"), knuth_morris_pratt("abababcabab", "abab"))
print(license_number("a-bc-dfd-df", 2), longest_common_prefix_v1(["flower", "flow", "flight"]), longest_palindrome("cbbdracecar"))
print(is_merge_recursive("codewars", "cdw", "oears"), min_distance("sea", "eat"), multiply("123", "456"))
print(is_one_edit("abc", "abd"), rabin_karp("ab", "cabab"), repeat_string("abcd", "cdabcdab"), repeat_substring("abab"))
print(recursive("hello"), iterative("world"), pythonic("vmsample"), ultra_pythonic("xyz"))
