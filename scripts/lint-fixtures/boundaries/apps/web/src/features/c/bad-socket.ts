import { io } from "socket.io-client"; // VIOLATION socket-io-client-only-in-lib-socket

export const socket = io;
