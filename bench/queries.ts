// The searches the benchmark measures, shared by `bench` (over HTTP) and `bench:explain` (plans).
const day = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const in30 = new Date(today.getTime() + 30 * 86_400_000);
// Issue 30: the coming Saturday and Sunday (today when it is one of them), as "Ten weekend" asks.
const saturday = new Date(
  today.getTime() + (today.getUTCDay() === 0 ? -1 : 6 - today.getUTCDay()) * 86_400_000,
);
const sunday = new Date(saturday.getTime() + 86_400_000);

export const benchSearches = {
  'text + city + category + dates + prices': `search=koncert&localization=Krak%C3%B3w&category_id=1&date_from=${day(today)}&date_end=${day(in30)}&price_min=10&price_max=200`,
  'distance 25 km, order closest': 'lat=52.2297&lng=21.0122&max_distance=25&order_by=closest',
  'nearby 20, closest first (home page, no radius)': 'lat=50.0614&lng=19.9366&limit=20&order_by=closest',
  'text only, broad': 'search=koncert',
  // Issue 15's two rows: a different upper price on every request.
  'first page of 12, upper price': 'per_page=12&price_max=200',
  'text koncert, upper price': 'search=koncert&price_max=200',
  'no filters (first page of /list)': '',
  // Issue 17: a date range also looks at the dates of series (an EXISTS on event_occurrences).
  'dates only, the next 7 days': `date_from=${day(today)}&date_end=${day(new Date(today.getTime() + 7 * 86_400_000))}`,
  // Issue 30: "Ten weekend" with two attributes (GIN `@>` on attribute_ids, with the dates' b-tree).
  'this weekend with two attributes': `date_from=${day(saturday)}&date_end=${day(sunday)}&attributes=changing_table,step_free_entrance`,
} as const;

/** Issue 30: place searches (GET /api/place), measured by `bench` and explained by `bench:explain`. */
export const benchPlaceSearches = {
  'places open now within 5 km': 'open_now=1&lat=52.2297&lng=21.0122&max_distance=5&order_by=closest',
} as const;
