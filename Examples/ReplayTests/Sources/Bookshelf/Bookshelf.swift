/// The app's own logic, free of UIKit, so the iOS target and these tests share it: the books on
/// the shelf, the one on screen, and what a Siri suggestion or a Handoff continuation asks for.
public final class Bookshelf {
    /// The activity the app donates when a book is open: `<bundle id>.book.open`, with the book's id.
    public static let openBookActivitySuffix = ".book.open"
    public static let bookIDKey = "bookID"

    public struct Book: Hashable, Sendable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    public private(set) var books: [Book] = []
    /// The open book, nil on the shelf.
    public private(set) var openBook: Book?
    /// The reading list, in the order books were added to it.
    public private(set) var readingList: [Book] = []

    public init() {}

    public func add(_ book: Book) {
        books.removeAll { $0.id == book.id }
        books.append(book)
    }

    /// Opens the book with `id`; false when the shelf has no such book (a stale donation).
    @discardableResult
    public func open(bookID id: String) -> Bool {
        guard let book = books.first(where: { $0.id == id }) else { return false }
        openBook = book
        return true
    }

    /// Puts the open book on the reading list; false when no book is open.
    @discardableResult
    public func addOpenBookToReadingList() -> Bool {
        guard let openBook else { return false }
        if !readingList.contains(openBook) { readingList.append(openBook) }
        return true
    }

    public func closeBook() { openBook = nil }
}
