/**
 * How many notes ("I did nothing with your mail because …") one address may get in an hour.
 * Notes go only to allowed senders and never answer automatic mail; this bound is the last
 * guard should something that answers mail still slip through, and it keeps forged mail from
 * flooding the owner's inbox.
 */
export class NoticeLimit {
  readonly #sent = new Map<string, number[]>();

  constructor(
    private readonly perHour = 5,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether one more note may go to `address` now; counts it when it may. */
  allow(address: string): boolean {
    const now = this.clock();
    const recent = (this.#sent.get(address) ?? []).filter((t) => now - t < 3_600_000);
    if (recent.length >= this.perHour) {
      this.#sent.set(address, recent);
      return false;
    }
    recent.push(now);
    this.#sent.set(address, recent);
    return true;
  }
}
