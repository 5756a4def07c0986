// B1's websocket-level clients: thousands of them in one load-generator process cost little, where
// socket.io-client instances would cost the generator more than the servers. Two wire protocols:
// - "raw": bare `ws` frames (the ws baseline): the frame is the message content itself;
// - "socketio": Engine.IO v4 / Socket.IO v5 text packets over one websocket (the Socket.IO baseline
//   and Heartline): `0{…}` open → `40` connect → `42[event, payload]` events, `42<id>[…]` / `43<id>[…]`
//   emits with an acknowledgement and their answers, `2` ping → `3` pong.
import { WebSocket } from "ws";

const CONNECT_TIMEOUT_MS = 60_000;
const LARGE_ACK_CHARS = 8_192;
/** Every benchmark message's content starts with this, then `seq|intended send time|`. */
export const MARKER = "b1|";

/** `b1|<seq>|<intended ms>|xxxx…`, exactly `bytes` long (ASCII, so bytes = characters). */
export function messageContent(seq, intendedAtMs, bytes) {
  const head = `${MARKER}${seq}|${intendedAtMs.toFixed(3)}|`;
  return head.padEnd(bytes, "x");
}

/** The seq and intended time of a benchmark message found anywhere in `text`, or undefined. */
export function parseDelivery(text) {
  const start = text.indexOf(MARKER);
  if (start < 0) return undefined;
  const seqEnd = text.indexOf("|", start + MARKER.length);
  const timeEnd = text.indexOf("|", seqEnd + 1);
  return {
    seq: Number(text.slice(start + MARKER.length, seqEnd)),
    intendedAtMs: Number(text.slice(seqEnd + 1, timeEnd)),
  };
}

function socketIoUrl(target) {
  const url = new URL(target);
  url.protocol = "ws:";
  url.pathname = "/socket.io/";
  url.search = "?EIO=4&transport=websocket";
  return url.toString();
}

/**
 * One client. `onDelivery(delivery)` is called for every benchmark message received; `onOther(event)`
 * for every other event (counted, to see what else the server sends the room).
 * @param {{ protocol: "raw" | "socketio", target: string, cookie?: string, isPublisher?: boolean,
 *   onDelivery: (delivery: { seq: number, intendedAtMs: number }) => void,
 *   onOther?: (event: string, chars: number) => void }} options
 */
export function connectClient(options) {
  const { protocol, target } = options;
  const url =
    protocol === "raw"
      ? `${target.replace(/^http/, "ws")}/${options.isPublisher ? "?publisher" : ""}`
      : socketIoUrl(target);
  const socket = new WebSocket(url, {
    perMessageDeflate: false,
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
  /** ack id → resolve */
  const pendingAcks = new Map();
  let nextAckId = 1;
  const client = {
    socket,
    /** Socket.IO: the first `session` event's payload (who the server says this is). */
    session: undefined,
    closed: false,
    /** Sends a raw text frame (the ws baseline's publisher). */
    sendRaw: (text) => socket.send(text),
    /** Socket.IO emit with an acknowledgement; resolves with the ack's first argument. */
    emitWithAck: (event, payload) =>
      new Promise((resolve) => {
        const id = nextAckId;
        nextAckId += 1;
        pendingAcks.set(id, resolve);
        socket.send(`42${id}${JSON.stringify([event, payload])}`);
      }),
    close: () => {
      client.closed = true;
      socket.terminate();
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`connecting to ${target} timed out`));
    }, CONNECT_TIMEOUT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve(client);
    };
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      client.closed = true;
    });
    if (protocol === "raw") {
      socket.once("open", ready);
      socket.on("message", (data) => {
        const delivery = parseDelivery(data.toString());
        if (delivery) options.onDelivery(delivery);
      });
      return;
    }
    socket.on("message", (data) => {
      const text = data.toString();
      const type = text.charCodeAt(0);
      // Engine.IO: 0 open, 2 ping, 4 message (then the Socket.IO packet type).
      if (type === 0x32) {
        socket.send("3");
        return;
      }
      if (type === 0x30) {
        socket.send("40");
        return;
      }
      if (type !== 0x34) return;
      const packetType = text.charCodeAt(1);
      if (packetType === 0x32) {
        // 42[...]: an event. The benchmark's own messages are recognised without parsing JSON.
        const delivery = parseDelivery(text);
        if (delivery) {
          options.onDelivery(delivery);
          return;
        }
        // Other events (presence lists can be large) are only named, not parsed.
        const event = text.slice(4, text.indexOf('"', 4));
        if (event === "session" && client.session === undefined) {
          client.session = JSON.parse(text.slice(2))[1];
          ready();
          return;
        }
        options.onOther?.(event, text.length);
      } else if (packetType === 0x33) {
        // 43<id>[...]: the answer to an emit with an acknowledgement.
        const bracket = text.indexOf("[");
        const id = Number(text.slice(2, bracket));
        const resolveAck = pendingAcks.get(id);
        pendingAcks.delete(id);
        // A large answer (a join with history and the online list) is only checked for `ok`.
        const answer =
          text.length <= LARGE_ACK_CHARS
            ? JSON.parse(text.slice(bracket))[0]
            : { ok: text.startsWith('[{"ok":true', bracket), chars: text.length };
        resolveAck?.(answer);
      } else if (packetType === 0x34) {
        clearTimeout(timer);
        reject(new Error(`the server refused the Socket.IO connection: ${text.slice(2)}`));
      }
    });
  });
}
