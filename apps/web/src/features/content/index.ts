/** The content feature's public entry; its pages load lazily through the router. */
export { THEMED_LANDING_SLUGS } from "./landing/landing-slugs";
