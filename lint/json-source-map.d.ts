/** Types for json-source-map 0.6 (it ships none). Lines and columns are 0-based; `pos` is a UTF-16 offset. */
declare module "json-source-map" {
  export interface Location {
    line: number;
    column: number;
    pos: number;
  }
  export interface PointerLocations {
    value: Location;
    valueEnd: Location;
    key?: Location;
    keyEnd?: Location;
  }
  export function parse(source: string): { data: unknown; pointers: Record<string, PointerLocations> };
}
