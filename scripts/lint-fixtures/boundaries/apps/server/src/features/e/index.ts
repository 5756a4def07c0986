export { cycle } from "./bad-cycle";
