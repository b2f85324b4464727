/** Real US cities the demo operator has facilities in; ZIP, latitude and longitude come from the zipcodes package. */
export const DEMO_CITIES: ReadonlyArray<readonly [city: string, state: string]> = [
  ['Austin', 'TX'], ['Dallas', 'TX'], ['Houston', 'TX'], ['San Antonio', 'TX'], ['Fort Worth', 'TX'], ['El Paso', 'TX'],
  ['Plano', 'TX'], ['Arlington', 'TX'], ['Lubbock', 'TX'], ['Corpus Christi', 'TX'], ['Phoenix', 'AZ'], ['Tucson', 'AZ'],
  ['Mesa', 'AZ'], ['Scottsdale', 'AZ'], ['Chandler', 'AZ'], ['Los Angeles', 'CA'], ['San Diego', 'CA'], ['San Jose', 'CA'],
  ['Sacramento', 'CA'], ['Fresno', 'CA'], ['Oakland', 'CA'], ['Long Beach', 'CA'], ['Bakersfield', 'CA'], ['Riverside', 'CA'],
  ['Denver', 'CO'], ['Colorado Springs', 'CO'], ['Aurora', 'CO'], ['Fort Collins', 'CO'], ['Seattle', 'WA'], ['Spokane', 'WA'],
  ['Tacoma', 'WA'], ['Portland', 'OR'], ['Salem', 'OR'], ['Eugene', 'OR'], ['Boise', 'ID'], ['Salt Lake City', 'UT'],
  ['Provo', 'UT'], ['Las Vegas', 'NV'], ['Reno', 'NV'], ['Henderson', 'NV'], ['Albuquerque', 'NM'], ['Santa Fe', 'NM'],
  ['Oklahoma City', 'OK'], ['Tulsa', 'OK'], ['Wichita', 'KS'], ['Overland Park', 'KS'], ['Omaha', 'NE'], ['Lincoln', 'NE'],
  ['Kansas City', 'MO'], ['Saint Louis', 'MO'], ['Springfield', 'MO'], ['Minneapolis', 'MN'], ['Saint Paul', 'MN'], ['Des Moines', 'IA'],
  ['Chicago', 'IL'], ['Naperville', 'IL'], ['Peoria', 'IL'], ['Milwaukee', 'WI'], ['Madison', 'WI'], ['Detroit', 'MI'],
  ['Grand Rapids', 'MI'], ['Lansing', 'MI'], ['Indianapolis', 'IN'], ['Fort Wayne', 'IN'], ['Columbus', 'OH'], ['Cleveland', 'OH'],
  ['Cincinnati', 'OH'], ['Toledo', 'OH'], ['Louisville', 'KY'], ['Lexington', 'KY'], ['Nashville', 'TN'], ['Memphis', 'TN'],
  ['Knoxville', 'TN'], ['Chattanooga', 'TN'], ['Atlanta', 'GA'], ['Savannah', 'GA'], ['Augusta', 'GA'], ['Birmingham', 'AL'],
  ['Huntsville', 'AL'], ['Montgomery', 'AL'], ['Jackson', 'MS'], ['New Orleans', 'LA'], ['Baton Rouge', 'LA'], ['Shreveport', 'LA'],
  ['Little Rock', 'AR'], ['Jacksonville', 'FL'], ['Miami', 'FL'], ['Tampa', 'FL'], ['Orlando', 'FL'], ['Tallahassee', 'FL'],
  ['Gainesville', 'FL'], ['Pensacola', 'FL'], ['Charlotte', 'NC'], ['Raleigh', 'NC'], ['Greensboro', 'NC'], ['Durham', 'NC'],
  ['Columbia', 'SC'], ['Charleston', 'SC'], ['Greenville', 'SC'], ['Richmond', 'VA'], ['Norfolk', 'VA'], ['Virginia Beach', 'VA'],
  ['Baltimore', 'MD'], ['Philadelphia', 'PA'], ['Pittsburgh', 'PA'], ['Allentown', 'PA'], ['Newark', 'NJ'], ['Buffalo', 'NY'],
  ['Rochester', 'NY'], ['Albany', 'NY'], ['Hartford', 'CT'], ['Providence', 'RI'], ['Worcester', 'MA'], ['Manchester', 'NH'],
  ['Portland', 'ME'], ['Burlington', 'VT'], ['Anchorage', 'AK'], ['Honolulu', 'HI'], ['Billings', 'MT'], ['Fargo', 'ND'],
  ['Sioux Falls', 'SD'], ['Cheyenne', 'WY'], ['Charleston', 'WV'], ['Wilmington', 'DE'],
]

/** The short time-zone code a facility in this state shows (spec: snapshot-field-tool §9 options). */
export function timeZoneForState(state: string): 'EST' | 'CST' | 'MST' | 'PST' | 'AKST' | 'HST' {
  if (['WA', 'OR', 'CA', 'NV'].includes(state)) return 'PST'
  if (['AZ', 'CO', 'UT', 'NM', 'ID', 'MT', 'WY'].includes(state)) return 'MST'
  if (['TX', 'OK', 'KS', 'NE', 'MO', 'MN', 'IA', 'IL', 'WI', 'TN', 'AL', 'MS', 'LA', 'AR', 'ND', 'SD'].includes(state)) return 'CST'
  if (state === 'AK') return 'AKST'
  if (state === 'HI') return 'HST'
  return 'EST'
}
