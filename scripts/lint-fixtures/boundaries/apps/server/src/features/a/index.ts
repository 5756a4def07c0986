export { clean } from "./clean";
