import { w } from "../d/components/w"; // VIOLATION no-deep-import-across-web-features

export const view = w;
