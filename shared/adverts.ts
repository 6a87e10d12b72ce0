// An advert row as GET /api/getAdvertising answers it and the page's advert head shows it.
export interface Advert {
  id: number;
  /** Which slot of the layout shows it (6 home page, 7 tool pages). */
  position: number;
  title: string;
  image: string;
  link: string;
  sort: number;
}
