import { messages, protocol } from "@electric-sql/pglite";

type Parse = InstanceType<typeof protocol.Parser>["parse"];
type Callback = Parameters<Parse>[1];

const DATA_ROW = 0x44; // 'D'
/** A message's type byte and its length (an int32 that counts itself, not the type byte). */
const HEADER = 5;
const decoder = new TextDecoder();

/** Messages that arrived in part, per parser (a chunk of PGlite's output can end inside one). */
const partial = new WeakMap<object, Uint8Array>();
/** PGlite's own `parse`, as the library shipped it (this module is loaded before anything installs). */
const stockParse: Parse = protocol.Parser.prototype.parse;
let installed = false;

/**
 * PGlite's protocol parser (0.5.x) reads every text field of every row with a fresh `ArrayBuffer` copy of
 * its bytes (`BufferReader.bytes`: `buffer.slice`) before decoding it. On a history page of 50 messages
 * that was 765 copies a call, about a fifth of the call's CPU, and the external memory it churned set off
 * incremental mark-compacts whose steps slowed runs of consecutive calls (bench B5's keyset p99 on PGlite).
 *
 * This replaces `Parser.prototype.parse` for the one message that carries rows: each `DataRow` is read
 * here, its fields decoded straight from the bytes PGlite handed over, into PGlite's own
 * `DataRowMessage`. Every other message, in order, still goes through PGlite's parser, whole (a message
 * cut across two chunks is kept here until its end arrives). Same messages, same order, same callback.
 * Installed once per process, by `withNamedStatements`.
 */
export function installDataRowParser(): void {
  if (installed) return;
  installed = true;
  protocol.Parser.prototype.parse = function parseWithDataRows(buffer, callback) {
    parseMessages(this, joinPartial(this, buffer), callback, stockParse);
  };
}

/** A parser that reads with PGlite's own `parse` whether or not this patch is installed (its test). */
export function createStockParser(): InstanceType<typeof protocol.Parser> {
  const parser = new protocol.Parser();
  parser.parse = stockParse.bind(parser);
  return parser;
}

function joinPartial(parser: object, buffer: Parameters<Parse>[0]): Uint8Array {
  const bytes = ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
  const before = partial.get(parser);
  if (!before) return bytes;
  partial.delete(parser);
  const joined = new Uint8Array(before.length + bytes.length);
  joined.set(before);
  joined.set(bytes, before.length);
  return joined;
}

function parseMessages(parser: object, bytes: Uint8Array, callback: Callback, parse: Parse): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  /** Where the run of other messages not yet handed to PGlite's parser starts (-1: none). */
  let others = -1;
  const flushOthers = (end: number) => {
    if (others >= 0) parse.call(parser, bytes.subarray(others, end), callback);
    others = -1;
  };
  while (offset + HEADER <= bytes.length) {
    const length = view.getUint32(offset + 1);
    const end = offset + 1 + length;
    if (end > bytes.length) break;
    if (bytes[offset] === DATA_ROW) {
      flushOthers(offset);
      callback(readDataRow(bytes, view, offset + HEADER, length));
    } else if (others < 0) {
      others = offset;
    }
    offset = end;
  }
  flushOthers(offset);
  // The bytes may be PGlite's WebAssembly memory, reused after this call: the rest is copied.
  if (offset < bytes.length) partial.set(parser, bytes.slice(offset));
}

/** A DataRow's body: an int16 field count, then per field an int32 length (-1: NULL) and its bytes. */
function readDataRow(bytes: Uint8Array, view: DataView, start: number, length: number) {
  const count = view.getInt16(start);
  const fields: (string | null)[] = new Array(count);
  let at = start + 2;
  for (let index = 0; index < count; index++) {
    const size = view.getInt32(at);
    at += 4;
    if (size === -1) {
      fields[index] = null;
    } else {
      fields[index] = decoder.decode(bytes.subarray(at, at + size));
      at += size;
    }
  }
  return new messages.DataRowMessage(length, fields);
}
