/** Where the map tiles come from (`getConfig().map`); an empty `tileUrl` draws no tiles at all. */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}
