// The few libclang functions ObjCFacts uses, loaded at run time with dlopen (no libclang headers or library
// are needed to build). The struct layouts below are libclang's stable C ABI (clang-c/Index.h, unchanged
// since LLVM 3.x); only these are touched, and only through the functions of clang_shim.c.
#ifndef COBJCCLANG_H
#define COBJCCLANG_H

#include <stddef.h>
#include <stdint.h>

/// Loads libclang from `path` (a file, or a name dlopen searches). Returns 1 when every function was found;
/// otherwise 0, with the reason in `error` (dlerror's text, or the missing symbol). Safe to call more than
/// once; the first library that loads stays loaded.
int ab_clang_load(const char *path, char *error, size_t error_size);
int ab_clang_is_loaded(void);
/// The libclang of the toolchain that built the package (Package.swift finds it), or "".
const char *ab_clang_toolchain_path(void);
/// The library's own version text ("clang version 21.0.0 …"), written to `out`.
void ab_clang_version(char *out, size_t out_size);

/// One token of a file: libclang's kind (0 punctuation, 1 keyword, 2 identifier, 3 literal, 4 comment)
/// and its byte offset and length in the file.
typedef struct {
    uint32_t kind;
    uint32_t offset;
    uint32_t length;
} ab_token;

/// What clang read of one main file, copied out of the translation unit (which is disposed before return).
/// `tokens`: every token of the main file as the lexer spells it (skipped conditional blocks included).
/// `skipped`: pairs of byte offsets [begin, end) of the main file's blocks the preprocessor skipped.
/// `records`: '\x1e'-separated records of '\x1f'-separated fields, in translation-unit order:
///   M <file> <line> <column> <function-like 0|1> <name> <token> <token> …    a macro definition
///   E <offset> <definition file> <line> <column> <name>                       a macro expansion in the main file
///   V <file> <line> <column> <name> <token> <token> …                        a file-scope variable declaration
///   I <file>                                                                  a file the translation unit included
///   D <severity> <file> <line> <column> <message>                             an error or fatal error diagnostic
/// Files are as clang names them. Builtin macros (no file) are left out.
typedef struct {
    int error;            // CXErrorCode of the parse: 0 success, 1 failure, 2 crashed, 3 invalid arguments, 4 AST read
    ab_token *tokens;
    uint32_t token_count;
    uint32_t *skipped;
    uint32_t skipped_count;  // number of pairs
    char *records;
    size_t records_length;
} ab_file_result;

/// Parses `path` with `args` (compiler arguments, no file name) and fills `result`. Every index and
/// translation unit is created and disposed inside; safe to call from several threads at once.
void ab_clang_read_file(const char *path, const char *const *args, int arg_count, ab_file_result *result);
void ab_clang_free_result(ab_file_result *result);

#endif
