export const w = "w";
