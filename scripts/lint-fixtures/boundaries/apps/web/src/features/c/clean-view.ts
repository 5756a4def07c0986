import { d } from "../d"; // allowed: another feature through its index.ts

// allowed: React.lazy of another feature's page
export const DPage = () => import("../d/pages/d-page");
export const view = d;
