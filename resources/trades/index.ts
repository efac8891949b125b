/** The trades menu's pages (pages.ts) for the registry. */
export { tradesEntries, TRADES_PAGES } from './pages';
