export const z = "z";
