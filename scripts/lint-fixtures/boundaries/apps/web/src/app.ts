import { view } from "./features/c"; // allowed: outside features, through the index
import { socket } from "./lib/socket"; // allowed: the wrapper, not socket.io-client itself

export const app = [view, socket];
