/**
 * The card the player just saved, handed from the card-info modal to the purchase or deposit
 * modal it returns to, which selects it. Module state of this tab only: written by a handler,
 * read once by the next modal.
 */
let chosen: string | undefined;

export function rememberChosenMethod(id: string): void {
  chosen = id;
}

export function takeChosenMethod(): string | undefined {
  const id = chosen;
  chosen = undefined;
  return id;
}
