// libclang through dlopen: the declarations ObjCFacts needs, written here (see CObjCClang.h), so that the
// package builds without libclang and the audit says so when no library can be loaded.
#include "CObjCClang.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - libclang's C ABI (clang-c/Index.h, clang-c/CXString.h)

typedef void *CXIndex;
typedef void *CXTranslationUnit;
typedef void *CXFile;
typedef void *CXClientData;
typedef void *CXDiagnostic;
typedef struct { const void *data; unsigned private_flags; } CXString;
typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;
typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } CXSourceRange;
typedef struct { unsigned count; CXSourceRange *ranges; } CXSourceRangeList;
typedef struct { int kind; int xdata; const void *data[3]; } CXCursor;
typedef struct { unsigned int_data[4]; void *ptr_data; } CXToken;
typedef int (*CXCursorVisitor)(CXCursor cursor, CXCursor parent, CXClientData data);
typedef void (*CXInclusionVisitor)(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data);

enum {
    CXCursor_VarDecl = 9,
    CXCursor_MacroDefinition = 501,
    CXCursor_MacroExpansion = 502,
    CXTranslationUnit_DetailedPreprocessingRecord = 0x01,
    CXTranslationUnit_KeepGoing = 0x200,
    CXTranslationUnit_SingleFileParse = 0x400,
    CXTranslationUnit_SkipFunctionBodies = 0x40,
    CXChildVisit_Continue = 1,
};

static struct {
    CXIndex (*createIndex)(int, int);
    void (*disposeIndex)(CXIndex);
    int (*parseTranslationUnit2)(CXIndex, const char *, const char *const *, int, void *, unsigned, unsigned, CXTranslationUnit *);
    void (*disposeTranslationUnit)(CXTranslationUnit);
    CXCursor (*getTranslationUnitCursor)(CXTranslationUnit);
    unsigned (*visitChildren)(CXCursor, CXCursorVisitor, CXClientData);
    int (*getCursorKind)(CXCursor);
    CXString (*getCursorSpelling)(CXCursor);
    CXSourceLocation (*getCursorLocation)(CXCursor);
    CXSourceRange (*getCursorExtent)(CXCursor);
    CXCursor (*getCursorReferenced)(CXCursor);
    unsigned (*isMacroFunctionLike)(CXCursor);
    void (*tokenize)(CXTranslationUnit, CXSourceRange, CXToken **, unsigned *);
    void (*disposeTokens)(CXTranslationUnit, CXToken *, unsigned);
    int (*getTokenKind)(CXToken);
    CXString (*getTokenSpelling)(CXTranslationUnit, CXToken);
    CXSourceRange (*getTokenExtent)(CXTranslationUnit, CXToken);
    const char *(*getCString)(CXString);
    void (*disposeString)(CXString);
    CXFile (*getFile)(CXTranslationUnit, const char *);
    const char *(*getFileContents)(CXTranslationUnit, CXFile, size_t *);
    CXSourceLocation (*getLocationForOffset)(CXTranslationUnit, CXFile, unsigned);
    CXSourceRange (*getRange)(CXSourceLocation, CXSourceLocation);
    CXSourceLocation (*getRangeStart)(CXSourceRange);
    CXSourceLocation (*getRangeEnd)(CXSourceRange);
    void (*getSpellingLocation)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);
    CXString (*getFileName)(CXFile);
    CXSourceRangeList *(*getSkippedRanges)(CXTranslationUnit, CXFile);
    void (*disposeSourceRangeList)(CXSourceRangeList *);
    void (*getInclusions)(CXTranslationUnit, CXInclusionVisitor, CXClientData);
    unsigned (*getNumDiagnostics)(CXTranslationUnit);
    CXDiagnostic (*getDiagnostic)(CXTranslationUnit, unsigned);
    void (*disposeDiagnostic)(CXDiagnostic);
    int (*getDiagnosticSeverity)(CXDiagnostic);
    CXSourceLocation (*getDiagnosticLocation)(CXDiagnostic);
    CXString (*getDiagnosticSpelling)(CXDiagnostic);
    CXString (*getClangVersion)(void);
} api;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static void *library;

int ab_clang_load(const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (library) { pthread_mutex_unlock(&load_lock); return 1; }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason ? reason : "cannot be loaded");
        pthread_mutex_unlock(&load_lock);
        return 0;
    }
#define LOAD(field, symbol) \
    do { \
        *(void **)(&api.field) = dlsym(handle, symbol); \
        if (!api.field) { \
            snprintf(error, error_size, "%s has no %s", path, symbol); \
            dlclose(handle); memset(&api, 0, sizeof api); \
            pthread_mutex_unlock(&load_lock); return 0; \
        } \
    } while (0)
    LOAD(createIndex, "clang_createIndex");
    LOAD(disposeIndex, "clang_disposeIndex");
    LOAD(parseTranslationUnit2, "clang_parseTranslationUnit2");
    LOAD(disposeTranslationUnit, "clang_disposeTranslationUnit");
    LOAD(getTranslationUnitCursor, "clang_getTranslationUnitCursor");
    LOAD(visitChildren, "clang_visitChildren");
    LOAD(getCursorKind, "clang_getCursorKind");
    LOAD(getCursorSpelling, "clang_getCursorSpelling");
    LOAD(getCursorLocation, "clang_getCursorLocation");
    LOAD(getCursorExtent, "clang_getCursorExtent");
    LOAD(getCursorReferenced, "clang_getCursorReferenced");
    LOAD(isMacroFunctionLike, "clang_Cursor_isMacroFunctionLike");
    LOAD(tokenize, "clang_tokenize");
    LOAD(disposeTokens, "clang_disposeTokens");
    LOAD(getTokenKind, "clang_getTokenKind");
    LOAD(getTokenSpelling, "clang_getTokenSpelling");
    LOAD(getTokenExtent, "clang_getTokenExtent");
    LOAD(getCString, "clang_getCString");
    LOAD(disposeString, "clang_disposeString");
    LOAD(getFile, "clang_getFile");
    LOAD(getFileContents, "clang_getFileContents");
    LOAD(getLocationForOffset, "clang_getLocationForOffset");
    LOAD(getRange, "clang_getRange");
    LOAD(getRangeStart, "clang_getRangeStart");
    LOAD(getRangeEnd, "clang_getRangeEnd");
    LOAD(getSpellingLocation, "clang_getSpellingLocation");
    LOAD(getFileName, "clang_getFileName");
    LOAD(getSkippedRanges, "clang_getSkippedRanges");
    LOAD(disposeSourceRangeList, "clang_disposeSourceRangeList");
    LOAD(getInclusions, "clang_getInclusions");
    LOAD(getNumDiagnostics, "clang_getNumDiagnostics");
    LOAD(getDiagnostic, "clang_getDiagnostic");
    LOAD(disposeDiagnostic, "clang_disposeDiagnostic");
    LOAD(getDiagnosticSeverity, "clang_getDiagnosticSeverity");
    LOAD(getDiagnosticLocation, "clang_getDiagnosticLocation");
    LOAD(getDiagnosticSpelling, "clang_getDiagnosticSpelling");
    LOAD(getClangVersion, "clang_getClangVersion");
#undef LOAD
    library = handle;
    pthread_mutex_unlock(&load_lock);
    return 1;
}

int ab_clang_is_loaded(void) {
    pthread_mutex_lock(&load_lock);
    int loaded = library != NULL;
    pthread_mutex_unlock(&load_lock);
    return loaded;
}

void ab_clang_version(char *out, size_t out_size) {
    if (!out_size) return;
    out[0] = 0;
    if (!ab_clang_is_loaded()) return;
    CXString version = api.getClangVersion();
    const char *text = api.getCString(version);
    snprintf(out, out_size, "%s", text ? text : "");
    api.disposeString(version);
}

// MARK: - Records

typedef struct {
    char *bytes;
    size_t length, capacity;
    int failed;
} buffer;

static void append(buffer *b, const char *text, size_t length) {
    if (b->failed) return;
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + length + 1) capacity *= 2;
        char *grown = realloc(b->bytes, capacity);
        if (!grown) { b->failed = 1; return; }
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, text, length);
    b->length += length;
    b->bytes[b->length] = 0;
}

static void field(buffer *b, const char *text) {
    append(b, "\x1f", 1);
    if (text) {
        // The separators cannot occur in a field (a token or file name holding one is cut there).
        size_t length = strcspn(text, "\x1e\x1f");
        append(b, text, length);
    }
}

static void number(buffer *b, unsigned value) {
    char text[16];
    snprintf(text, sizeof text, "%u", value);
    field(b, text);
}

static void string_field(buffer *b, CXString string) {
    field(b, api.getCString(string));
    api.disposeString(string);
}

static void location_fields(buffer *b, CXSourceLocation location) {
    CXFile file = NULL;
    unsigned line = 0, column = 0;
    api.getSpellingLocation(location, &file, &line, &column, NULL);
    if (file) string_field(b, api.getFileName(file)); else field(b, "");
    number(b, line);
    number(b, column);
}

static int has_file(CXSourceLocation location) {
    CXFile file = NULL;
    api.getSpellingLocation(location, &file, NULL, NULL, NULL);
    return file != NULL;
}

/// At most this many tokens of one macro or declaration are recorded: values are short, and a macro
/// written across a whole hostile file must not be copied for every file that includes it.
enum { maximum_record_tokens = 256 };

static void token_fields(buffer *b, CXTranslationUnit unit, CXSourceRange extent) {
    CXToken *tokens = NULL;
    unsigned count = 0;
    api.tokenize(unit, extent, &tokens, &count);
    for (unsigned i = 0; i < count && i < maximum_record_tokens; i++) string_field(b, api.getTokenSpelling(unit, tokens[i]));
    if (tokens) api.disposeTokens(unit, tokens, count);
}

typedef struct {
    CXTranslationUnit unit;
    CXFile main_file;
    buffer *records;
} visit_state;

static int visit(CXCursor cursor, CXCursor parent, CXClientData data) {
    (void)parent;
    visit_state *state = data;
    buffer *b = state->records;
    int kind = api.getCursorKind(cursor);
    CXSourceLocation location = api.getCursorLocation(cursor);
    if (kind == CXCursor_MacroDefinition && has_file(location)) {
        append(b, "\x1eM", 2);
        location_fields(b, location);
        number(b, api.isMacroFunctionLike(cursor) ? 1 : 0);
        string_field(b, api.getCursorSpelling(cursor));
        token_fields(b, state->unit, api.getCursorExtent(cursor));
    } else if (kind == CXCursor_MacroExpansion) {
        CXFile file = NULL;
        unsigned offset = 0;
        api.getSpellingLocation(location, &file, NULL, NULL, &offset);
        if (file != state->main_file) return CXChildVisit_Continue;
        CXCursor definition = api.getCursorReferenced(cursor);
        append(b, "\x1e" "E", 2);
        number(b, offset);
        location_fields(b, api.getCursorLocation(definition));
        string_field(b, api.getCursorSpelling(cursor));
    } else if (kind == CXCursor_VarDecl && has_file(location)) {
        append(b, "\x1eV", 2);
        location_fields(b, location);
        string_field(b, api.getCursorSpelling(cursor));
        token_fields(b, state->unit, api.getCursorExtent(cursor));
    }
    return CXChildVisit_Continue;
}

static void inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data) {
    (void)stack; (void)depth;
    buffer *b = data;
    append(b, "\x1eI", 2);
    string_field(b, api.getFileName(included));
}

// MARK: - Reading a file

void ab_clang_read_file(const char *path, const char *const *args, int arg_count, ab_file_result *result) {
    memset(result, 0, sizeof *result);
    if (!ab_clang_is_loaded()) { result->error = 1; return; }
    CXIndex index = api.createIndex(0, 0);
    CXTranslationUnit unit = NULL;
    unsigned options = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies;
    result->error = api.parseTranslationUnit2(index, path, args, arg_count, NULL, 0, options, &unit);
    if (result->error != 0 || !unit) {
        if (!result->error) result->error = 1;
        api.disposeIndex(index);
        return;
    }
    CXFile main_file = api.getFile(unit, path);
    size_t size = 0;
    if (main_file) api.getFileContents(unit, main_file, &size);

    // Tokens of the whole main file, with their byte offsets.
    if (main_file && size > 0) {
        CXSourceRange whole = api.getRange(api.getLocationForOffset(unit, main_file, 0),
                                           api.getLocationForOffset(unit, main_file, (unsigned)size));
        CXToken *tokens = NULL;
        unsigned count = 0;
        api.tokenize(unit, whole, &tokens, &count);
        if (count > 0) {
            result->tokens = malloc(sizeof(ab_token) * count);
            if (result->tokens) {
                uint32_t kept = 0;
                for (unsigned i = 0; i < count; i++) {
                    CXSourceRange extent = api.getTokenExtent(unit, tokens[i]);
                    unsigned begin = 0, end = 0;
                    api.getSpellingLocation(api.getRangeStart(extent), NULL, NULL, NULL, &begin);
                    api.getSpellingLocation(api.getRangeEnd(extent), NULL, NULL, NULL, &end);
                    if (end < begin) end = begin;
                    result->tokens[kept++] = (ab_token){ (uint32_t)api.getTokenKind(tokens[i]), begin, end - begin };
                }
                result->token_count = kept;
            }
        }
        if (tokens) api.disposeTokens(unit, tokens, count);

        CXSourceRangeList *skipped = api.getSkippedRanges(unit, main_file);
        if (skipped && skipped->count > 0) {
            result->skipped = malloc(sizeof(uint32_t) * 2 * skipped->count);
            if (result->skipped) {
                for (unsigned i = 0; i < skipped->count; i++) {
                    unsigned begin = 0, end = 0;
                    api.getSpellingLocation(api.getRangeStart(skipped->ranges[i]), NULL, NULL, NULL, &begin);
                    api.getSpellingLocation(api.getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL, &end);
                    result->skipped[2 * i] = begin;
                    result->skipped[2 * i + 1] = end;
                }
                result->skipped_count = skipped->count;
            }
        }
        if (skipped) api.disposeSourceRangeList(skipped);
    }

    buffer records = {0};
    visit_state state = { unit, main_file, &records };
    api.visitChildren(api.getTranslationUnitCursor(unit), visit, &state);
    api.getInclusions(unit, inclusion, &records);
    unsigned diagnostics = api.getNumDiagnostics(unit);
    unsigned reported = 0;
    for (unsigned i = 0; i < diagnostics && reported < 64; i++) {
        CXDiagnostic diagnostic = api.getDiagnostic(unit, i);
        int severity = api.getDiagnosticSeverity(diagnostic);
        if (severity >= 3) {
            reported++;
            append(&records, "\x1e" "D", 2);
            number(&records, (unsigned)severity);
            location_fields(&records, api.getDiagnosticLocation(diagnostic));
            string_field(&records, api.getDiagnosticSpelling(diagnostic));
        }
        api.disposeDiagnostic(diagnostic);
    }
    if (records.failed) { free(records.bytes); records.bytes = NULL; records.length = 0; }
    result->records = records.bytes;
    result->records_length = records.length;

    api.disposeTranslationUnit(unit);
    api.disposeIndex(index);
}

void ab_clang_free_result(ab_file_result *result) {
    free(result->tokens);
    free(result->skipped);
    free(result->records);
    memset(result, 0, sizeof *result);
}

const char *ab_clang_toolchain_path(void) {
#ifdef AB_TOOLCHAIN_LIBCLANG
    return AB_TOOLCHAIN_LIBCLANG;
#else
    return "";
#endif
}
