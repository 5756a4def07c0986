import { y } from "../b/y"; // VIOLATION no-deep-import-across-server-features

export const deep = y;
