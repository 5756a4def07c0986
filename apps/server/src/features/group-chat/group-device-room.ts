/**
 * The room of a browser's group sockets (device id cookie). Kept with the group chat, which alone
 * joins and empties it: a ban reaches every socket of the banned user's browsers on every node,
 * including other accounts made there (a new guest).
 */
export function groupDeviceRoom(deviceId: string): string {
  return `group-device:${deviceId}`;
}
