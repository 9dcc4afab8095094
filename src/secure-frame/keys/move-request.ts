/**
 * Whether the user chose "Move my funds to a new wallet" at a re-split. The frame cannot read the chain, so it
 * tells the kit (GET_USER's `moveFunds`), which reads the balance and fees and sends MOVE_FUNDS.
 */
let requested = false;

export const requestMove = () => {
  requested = true;
};
export const moveRequested = () => requested;
export const clearMoveRequest = () => {
  requested = false;
};
