/**
 * The one owner of `socket.io-client` (STYLE: only this module imports it). One typed connection per
 * tab, on the same origin under /socket.io (ARCHITECTURE §1, spec §7). The client library (~12 KB
 * gzip) loads right after first paint rather than with the landing page's initial JavaScript; hooks
 * get `null` until it is there.
 */
import {
  type ClientToServerEvents,
  PING_INTERVAL_MS,
  RANDOM_CHAT_SOCKET_POLICY,
  type ServerToClientEvents,
  type SessionPayload,
} from "@heartline/shared";
import { createContext, useContext, useEffect } from "react";
import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";
import { create } from "zustand";
import { whenIdle } from "./main-thread";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketStatus {
  isConnected: boolean;
  socketId: string | null;
  /** "websocket" or "polling"; null while disconnected. */
  transport: string | null;
  /** Round-trip of the last acknowledged `ping`, in ms (shown on /debug). */
  lastPingMs: number | null;
  /** Attempts of the reconnection in progress; 0 once connected. */
  reconnectAttempts: number;
  lastError: string | null;
}

const INITIAL_STATUS: SocketStatus = {
  isConnected: false,
  socketId: null,
  transport: null,
  lastPingMs: null,
  reconnectAttempts: 0,
  lastError: null,
};

export const useSocketStatusStore = create<SocketStatus>()(() => INITIAL_STATUS);

/** The live connection state for UI (the debug page, connection banners). */
export function useSocketStatus(): SocketStatus {
  return useSocketStatusStore();
}

// A ping that gets no answer within this long is dropped rather than left pending.
const PING_ACK_TIMEOUT_MS = 10_000;

export interface CreateSocketOptions {
  /** Server origin; omitted in the app (same origin). Tests pass their server's address. */
  url?: string;
  autoConnect?: boolean;
}

/** Where a visitor keeps the server-signed token that restores their visitor id on the next handshake. */
export const VISITOR_TOKEN_KEY = "heartline-visitor";

function readVisitorToken(): string | null {
  try {
    return localStorage.getItem(VISITOR_TOKEN_KEY);
  } catch {
    // Storage can be disabled (privacy modes): the visitor then simply gets a new id.
    return null;
  }
}

/** spec §9 Random-chat socket policy: delay 500–3000 ms, unlimited attempts, 20 s connect timeout. */
export async function createAppSocket({
  url,
  autoConnect = false,
}: CreateSocketOptions = {}): Promise<AppSocket> {
  const { io } = await import("socket.io-client");
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    withCredentials: true,
    autoConnect,
    reconnection: true,
    reconnectionAttempts: RANDOM_CHAT_SOCKET_POLICY.reconnectionAttempts,
    reconnectionDelay: RANDOM_CHAT_SOCKET_POLICY.reconnectionDelayMs,
    reconnectionDelayMax: RANDOM_CHAT_SOCKET_POLICY.reconnectionDelayMaxMs,
    timeout: RANDOM_CHAT_SOCKET_POLICY.timeoutMs,
    // Read at every (re)connect, so a token stored after the first `session` is presented next time.
    auth: (callback) => {
      const visitorToken = readVisitorToken();
      callback(visitorToken ? { visitorToken } : {});
    },
  };
  return url ? io(url, options) : io(options);
}

/** Sends one `ping` and records its round-trip in the status store. */
export function sendPing(socket: AppSocket): void {
  const startedAt = performance.now();
  socket.timeout(PING_ACK_TIMEOUT_MS).emit("ping", (error, result) => {
    if (error || !result?.ok) return;
    useSocketStatusStore.setState({ lastPingMs: Math.round(performance.now() - startedAt) });
  });
}

/**
 * Mirrors the socket's lifecycle into the status store and pings every 20 s while connected
 * (spec §7, §9). Returns the function that removes every listener and timer it added.
 */
export function bindSocketStatus(socket: AppSocket): () => void {
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  const stopPinging = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };
  const onUpgrade = (transport: { name: string }) => {
    useSocketStatusStore.setState({ transport: transport.name });
  };
  const onConnect = () => {
    const engine = socket.io.engine;
    engine.off("upgrade", onUpgrade);
    engine.on("upgrade", onUpgrade);
    useSocketStatusStore.setState({
      isConnected: true,
      socketId: socket.id ?? null,
      transport: engine.transport.name,
      reconnectAttempts: 0,
      lastError: null,
    });
    stopPinging();
    sendPing(socket);
    pingTimer = setInterval(() => sendPing(socket), PING_INTERVAL_MS);
  };
  const onDisconnect = () => {
    stopPinging();
    useSocketStatusStore.setState({ isConnected: false, socketId: null, transport: null });
  };
  const onConnectError = (error: Error) => {
    useSocketStatusStore.setState({ lastError: error.message });
  };
  const onReconnectAttempt = (attempt: number) => {
    useSocketStatusStore.setState({ reconnectAttempts: attempt });
  };

  socket.on("connect", onConnect);
  socket.on("disconnect", onDisconnect);
  socket.on("connect_error", onConnectError);
  socket.io.on("reconnect_attempt", onReconnectAttempt);
  if (socket.connected) onConnect();

  return () => {
    stopPinging();
    socket.off("connect", onConnect);
    socket.off("disconnect", onDisconnect);
    socket.off("connect_error", onConnectError);
    socket.io.off("reconnect_attempt", onReconnectAttempt);
    socket.io.engine?.off("upgrade", onUpgrade);
    useSocketStatusStore.setState(INITIAL_STATUS);
  };
}

/** Who the server says this tab is, and whether its AI companion can fill in (null until told). */
export interface ServerSession {
  userId: string | null;
  isVisitor: boolean;
  aiAvailable: boolean | null;
  /** Whether the server holds this person's 18+ confirmation for random chat; null until it says. */
  isAdultConfirmed: boolean | null;
}

export const useServerSessionStore = create<ServerSession>()(() => ({
  userId: null,
  isVisitor: true,
  aiAvailable: null,
  isAdultConfirmed: null,
}));

/**
 * Records `session` (and keeps a visitor's token for the next handshake) and `ai_status`.
 * Returns the function that removes both listeners.
 */
export function bindServerSession(socket: AppSocket): () => void {
  const onSession = (session: SessionPayload) => {
    useServerSessionStore.setState({
      userId: session.userId,
      isVisitor: session.isVisitor,
      isAdultConfirmed: session.isAdultConfirmed ?? null,
    });
    if (!session.visitorToken) return;
    try {
      localStorage.setItem(VISITOR_TOKEN_KEY, session.visitorToken);
    } catch {
      // Without storage the id lasts as long as this connection; nothing else depends on it.
    }
  };
  const onAiStatus = ({ available }: { available: boolean }) => {
    useServerSessionStore.setState({ aiAvailable: available });
  };
  socket.on("session", onSession);
  socket.on("ai_status", onAiStatus);
  return () => {
    socket.off("session", onSession);
    socket.off("ai_status", onAiStatus);
  };
}

/** The server's view of this tab, kept current from the given socket while mounted. */
export function useServerSession(socket: AppSocket | null): ServerSession {
  useEffect(() => (socket ? bindServerSession(socket) : undefined), [socket]);
  return useServerSessionStore();
}

/**
 * spec §4 Socket / §9: state is refreshed 2 s after a reconnect. Calls `refresh` that long after
 * each reconnection; returns the function that removes the listener and any pending timer.
 */
export function onReconnectRefresh(socket: AppSocket, refresh: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onReconnect = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, RANDOM_CHAT_SOCKET_POLICY.refreshAfterReconnectMs);
  };
  socket.io.on("reconnect", onReconnect);
  return () => {
    clearTimeout(timer);
    socket.io.off("reconnect", onReconnect);
  };
}

// The socket loads once the page is idle, and at the latest this long after the first component asks.
const SOCKET_LOAD_DEADLINE_MS = 500;

// The tab's one connection, created on first use. Its status binding lives as long as the page does.
const useAppSocketStore = create<{ socket: AppSocket | null }>()(() => ({ socket: null }));
let appSocketLoad: Promise<AppSocket> | null = null;
// What the socket's load waits for first: nothing in the app; on a public page, the visitor (issue #36).
let socketLoadGate: Promise<void> = Promise.resolve();

/**
 * issue #36: a prerendered public page holds its socket back until `gate` resolves (the visitor
 * engages, or the page has settled): until then its header shows the count fetched over HTTP.
 */
export function holdSocketUntil(gate: Promise<void>): void {
  socketLoadGate = gate;
}

export function loadAppSocket(): Promise<AppSocket> {
  appSocketLoad ??= socketLoadGate
    .then(() => createAppSocket())
    .then(
      (socket) => {
        bindSocketStatus(socket);
        bindServerSession(socket);
        useAppSocketStore.setState({ socket });
        return socket;
      },
      (error: unknown) => {
        // The client chunk failed to download (offline, stale deploy): let the next use try again.
        appSocketLoad = null;
        throw error;
      },
    );
  return appSocketLoad;
}

/** spec §4 Socket: connects on demand; a no-op while connected or already reconnecting. */
export function connectSocket(socket: AppSocket): AppSocket {
  if (!socket.connected && !socket.active) socket.connect();
  return socket;
}

/**
 * Connects `socket` in a task of its own (opening it is ~10 ms on a phone's CPU, issue #36), not in the
 * one that renders what its arrival changed. Returns the function that cancels a connect not yet made.
 */
export function connectSocketSoon(socket: AppSocket): () => void {
  const timer = setTimeout(() => connectSocket(socket), 0);
  return () => clearTimeout(timer);
}

/** Lets a subtree (tests, previews) use another socket than the tab's own. */
export const SocketContext = createContext<AppSocket | null>(null);

/** The socket to use: the provided one, else the tab's own once loaded (null until then). */
export function useAppSocket(): AppSocket | null {
  const provided = useContext(SocketContext);
  const loaded = useAppSocketStore((state) => state.socket);
  useEffect(() => {
    if (provided) return;
    // Without the socket the page still works; the header then shows the fallback count. It loads in
    // a task of its own once the page is idle, not in the one that commits the page (issue #36).
    return whenIdle(() => void loadAppSocket().catch(() => undefined), SOCKET_LOAD_DEADLINE_MS);
  }, [provided]);
  return provided ?? loaded;
}

/**
 * spec §4 Authentication: the server reads who a socket is from the session cookie at the handshake,
 * so after signing in or out the tab's connection starts over to present the new cookie.
 */
export async function refreshSocketIdentity(): Promise<void> {
  const socket = useAppSocketStore.getState().socket;
  if (!socket?.connected) return;
  socket.disconnect();
  socket.connect();
}

/** The tab's connection if it is already loaded (sign-out emits `leave_group` on it). */
export function currentAppSocket(): AppSocket | null {
  return useAppSocketStore.getState().socket;
}
