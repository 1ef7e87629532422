# Driver (written for vmsample's corpus) of packaging: versions, specifiers, requirements, markers, tags, names.
from packaging import markers, requirements, specifiers, tags, utils, version

versions = ["1.0", "1.0.post1", "1.0a1", "1.0b2.dev3", "1.0rc1", "2!0.1", "1.0+local.7", "0.9.9", "1.0.0", "1.1.dev0"]
parsed = sorted(version.Version(v) for v in versions)
print([str(v) for v in parsed])
v = version.Version("2!1.2.3rc4.post5.dev6+ubuntu.1")
print(v.epoch, v.release, v.pre, v.post, v.dev, v.local, v.public, v.base_version, v.is_prerelease, v.major, v.micro)
print(version.Version("1.0") == version.Version("1.0.0"), version.Version("1.0") < version.Version("1.0.post1"))
try:
    version.Version("not a version")
except version.InvalidVersion as e:
    print("invalid:", e)

spec = specifiers.SpecifierSet(">=1.0,!=1.3.*,<2.0")
print(sorted(str(s) for s in spec), "1.3.1" in spec, "1.4" in spec, "2.0" in spec, "1.5a1" in spec,
      spec.contains("1.5a1", prereleases=True))
print(list(spec.filter(["0.9", "1.0", "1.3.2", "1.9", "2.0", "1.9rc1"])), specifiers.Specifier("~=1.4.2").contains("1.4.9"))
print(str(specifiers.SpecifierSet("==1.*") & specifiers.SpecifierSet(">1.2")), specifiers.Specifier("===1.0").contains("1.0"))

for text in ['requests[security,socks]>=2.8.1,==2.8.* ; python_version < "3.12" and os_name == "posix"',
             "name @ https://example.com/name-1.0.zip", "pkg[extra]~=1.4; extra == 'test'"]:
    r = requirements.Requirement(text)
    print(r.name, sorted(r.extras), str(r.specifier), r.url, str(r.marker), str(r))
try:
    requirements.Requirement("bad req !!")
except requirements.InvalidRequirement as e:
    print("invalid requirement:", str(e).splitlines()[0])

env = {"python_version": "3.11", "os_name": "posix", "sys_platform": "linux", "platform_machine": "x86_64",
       "implementation_name": "cpython", "python_full_version": "3.11.7", "extra": ""}
for m in ['python_version >= "3.8"', 'sys_platform == "win32" or platform_machine == "x86_64"',
          '"linux" in sys_platform and python_full_version < "3.11.5"', 'extra == "test"']:
    print(m, "->", markers.Marker(m).evaluate(env))
name, ver, build, wheel_tags = utils.parse_wheel_filename("pip-24.0-py3-none-any.whl")
print(utils.canonicalize_name("Foo.Bar_baz"), utils.canonicalize_version("1.0.0.0"), name, ver, build,
      sorted(str(t) for t in wheel_tags), utils.parse_sdist_filename("foo_bar-1.0.tar.gz"))
print([str(t) for t in tags.parse_tag("cp311-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64")])
print(str(tags.Tag("py3", "none", "any")), sorted(str(t) for t in tags.compatible_tags((3, 11), "cp311", ["linux_x86_64"]))[:5])
