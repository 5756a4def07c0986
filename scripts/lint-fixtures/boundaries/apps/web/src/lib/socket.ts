import { io } from "socket.io-client"; // allowed: the one module that wraps socket.io-client

export const socket = io;
