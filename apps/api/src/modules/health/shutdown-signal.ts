import { Injectable } from '@nestjs/common';

/**
 * Raised once when the process starts shutting down (SIGTERM): readiness answers 503 from then
 * on, and long-lived work such as open answer streams ends itself with a message.
 */
@Injectable()
export class ShutdownSignal {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get isShuttingDown(): boolean {
    return this.controller.signal.aborted;
  }

  begin(): void {
    if (!this.isShuttingDown) this.controller.abort(new ShuttingDown());
  }
}

export class ShuttingDown extends Error {
  constructor() {
    super('The server is shutting down');
    this.name = 'ShuttingDown';
  }
}
