// VIOLATION web-lazy-import-only-of-feature-pages: a lazy import of something that is not a page
export const W = () => import("../d/components/w");
