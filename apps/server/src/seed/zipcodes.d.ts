/** Types of the zipcodes package (US ZIP codes with city, state, latitude and longitude). */
declare module 'zipcodes' {
  interface ZipCode {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: string
  }
  const zipcodes: {
    lookup(zip: string | number): ZipCode | undefined
    lookupByName(city: string, state: string): ZipCode[]
  }
  export default zipcodes
}
