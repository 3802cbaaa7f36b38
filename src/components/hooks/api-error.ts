/** An API answer that was not a success: its status and its parsed body. A module of its own (no hooks):
 * code that only recognises the error does not load the API client with it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API ${status}`);
  }
}
