export const shared = "shared"; // allowed: nothing to check here, the lint script cruises packages too
