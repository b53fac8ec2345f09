"""elf_object_data.py OURS.o REFERENCE.o MIN_BYTES: every data symbol
(STT_OBJECT) of the reference object holds the same bytes in ours, and
those symbols hold at least MIN_BYTES together. Symbols are matched by
name and binding (a private global is a local symbol in both); where ours
has no such symbol (a private constant LLVM addresses by its section and
offset, or renamed by parallel code generation), the bytes must lie in one
of our read-only data sections. Reads 64-bit little-endian ELF relocatable
files with the standard library only. Prints a summary; exits 1 on a
difference."""
import struct
import sys


def data_symbols(path):
    """{(name, binding): bytes} of the file's STT_OBJECT symbols that lie in
    a section with contents (zero-filled ones read as zeros), and the
    contents of its allocated, non-executable sections."""
    blob = open(path, "rb").read()
    if blob[:4] != b"\x7fELF" or blob[4] != 2 or blob[5] != 1:
        sys.exit(f"{path}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", blob, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", blob, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", blob, shoff + i * shentsize)
                for i in range(shnum)]
    out = {}
    contents = [blob[sec[4]:sec[4] + sec[5]] for sec in sections
                if sec[1] == 1 and sec[2] & 0x2 and not sec[2] & 0x4]
    for name_, type_, _, _, offset, size, link, _, _, entsize in sections:
        if type_ != 2:  # SHT_SYMTAB
            continue
        strtab = sections[link]
        for k in range(size // entsize):
            st_name, st_info, _, st_shndx, st_value, st_size = struct.unpack_from(
                "<IBBHQQ", blob, offset + k * entsize)
            if st_info & 0xF != 1 or st_shndx == 0 or st_shndx >= 0xFF00:
                continue
            end = blob.index(b"\0", strtab[4] + st_name)
            name = blob[strtab[4] + st_name:end].decode()
            sec = sections[st_shndx]
            if sec[1] == 8:  # SHT_NOBITS
                data = bytes(st_size)
            else:
                data = blob[sec[4] + st_value:sec[4] + st_value + st_size]
            out[(name, st_info >> 4)] = data
    return out, contents


(ours, our_sections), (ref, _) = data_symbols(sys.argv[1]), data_symbols(sys.argv[2])
need = int(sys.argv[3])
total = 0
for key, data in ref.items():
    if key in ours and ours[key] != data:
        sys.exit(f"{key[0]}: {len(data)} bytes, different in ours")
    if key not in ours and not any(data in sec for sec in our_sections):
        sys.exit(f"{key[0]}: {len(data)} bytes in the reference, nowhere in ours")
    total += len(data)
print(f"{len(ref)} data symbols, {total} bytes, equal in both objects")
if total < need:
    sys.exit(f"they hold {total} bytes, fewer than the weights' {need}")
