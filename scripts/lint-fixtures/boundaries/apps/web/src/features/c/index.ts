export { view } from "./clean-view";
