# lit configuration of bufferd's golden tests: every .mlir under tests/lit is
# a test whose RUN lines use buffer-opt, FileCheck, not and (when installed)
# upstream mlir-opt. Tests that need mlir-opt say `REQUIRES: mlir-opt`.
import os
import sys
import lit.formats

config.name = "bufferd"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.buf_bin_dir), "tests", "lit")

def tool(name, directory):
    path = os.path.join(directory, name)
    return path if os.path.exists(path) else None

config.substitutions.append(("%corpus", config.buf_corpus_dir))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%buffer_opt_path", os.path.join(config.buf_bin_dir, "buffer-opt")))
buffer_opt = os.path.join(config.buf_bin_dir, "buffer-opt")
for name, path in [("buffer-opt", buffer_opt),
                   ("FileCheck", tool("FileCheck", config.llvm_tools_dir)),
                   ("not", tool("not", config.llvm_tools_dir)),
                   ("count", tool("count", config.llvm_tools_dir))]:
    if path is None:
        lit_config.fatal("missing tool %s in %s (install llvm-22-tools)" % (name, config.llvm_tools_dir))
    # Substitute whole words only, so "buffer-opt-foo" is left alone.
    config.substitutions.append((r"(?<![-\w/])%s(?![-\w])" % name, path))

# LLVM's opt checks the IR --emit=llvm prints: `REQUIRES: llvm-opt`.
llvm_opt = tool("opt", config.llvm_tools_dir)
if llvm_opt:
    config.available_features.add("llvm-opt")
    config.substitutions.append((r"(?<![-\w/])opt(?![-\w])", llvm_opt))

# `REQUIRES: gcc`: objects from --emit=obj linked by the system's C compiler
# and its runtime library (libgcc), as a user of the objects links them.
import shutil
gcc = shutil.which("gcc")
if gcc:
    config.available_features.add("gcc")
    config.substitutions.append((r"(?<![-\w/])gcc(?![-\w])", gcc))

mlir_opt = tool("mlir-opt", config.llvm_tools_dir)
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append((r"(?<![-\w/])mlir-opt(?![-\w])", mlir_opt))

# The LLVM lowering and the JIT exist only in builds that found LLVM 22:
# tests that need them say `REQUIRES: llvm`.
import subprocess
probe = subprocess.run([buffer_opt, "--emit=llvm", "-"], input=b"func.func @f() { return }\n",
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if probe.returncode == 0:
    config.available_features.add("llvm")

# Sanitizer builds must not leak or report anything.
config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# `REQUIRES: llvm-lowering`: tests of --emit=llvm/obj/ptx, which need a build
# whose buffer-opt can load LLVM 22.
import subprocess
_probe = subprocess.run([os.path.join(config.buf_bin_dir, "buffer-opt"), "--emit=llvm", "-"],
                        input=b"func.func @f() { return }\n", stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
if _probe.returncode == 0:
    config.available_features.add("llvm-lowering")

# `REQUIRES: libdevice`: --emit=ptx of kernels with math ops, which link
# CUDA's libdevice ($BUFFERD_LIBDEVICE, else CUDA's default place).
libdevice = os.environ.get("BUFFERD_LIBDEVICE") or "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
if os.path.isfile(libdevice):
    config.available_features.add("libdevice")
    config.environment["BUFFERD_LIBDEVICE"] = libdevice
