import { connect } from "../plugins/redis"; // VIOLATION no-lower-layer-imports-upward (a plugin)

export const lib = connect;
