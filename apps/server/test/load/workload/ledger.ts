/**
 * What the load run's successful requests promised: every registration, login, favourite toggle,
 * playlist add and purchase the server answered as done. After the run the database rows must match
 * it exactly (checks.ts).
 */

export interface LedgerSummary {
  registrations: number;
  logins: number;
  favouriteToggles: number;
  favouritesExpected: number;
  playlistsCreated: number;
  playlistAdds: number;
  playlistItemsExpected: number;
  checkouts: number;
  pays: number;
  purchases: number;
}

export class Ledger {
  registrations = 0;
  registeredIds = new Set<number>();
  logins = 0;
  /** Successful toggles per "user:track". */
  favouriteToggles = new Map<string, number>();
  toggles = 0;
  playlists = new Set<number>();
  /** Distinct "playlist:track" among successful adds. */
  playlistItems = new Set<string>();
  adds = 0;
  checkouts = 0;
  checkoutSessions = new Set<string>();
  pays = 0;
  paidOrders = new Set<number>();
  /** Distinct "user:track" among confirmed purchases. */
  licenses = new Set<string>();

  favouritesExpected(): Set<string> {
    return new Set([...this.favouriteToggles].filter(([, n]) => n % 2 === 1).map(([k]) => k));
  }

  summary(): LedgerSummary {
    return {
      registrations: this.registrations,
      logins: this.logins,
      favouriteToggles: this.toggles,
      favouritesExpected: this.favouritesExpected().size,
      playlistsCreated: this.playlists.size,
      playlistAdds: this.adds,
      playlistItemsExpected: this.playlistItems.size,
      checkouts: this.checkouts,
      pays: this.pays,
      purchases: this.paidOrders.size,
    };
  }
}
