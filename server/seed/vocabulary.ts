/** Words the seeded retail data set is made of. */

export const REGIONS = [
  { region: 'North', country: 'United Kingdom', cities: ['Leeds', 'Manchester', 'Newcastle', 'York', 'Sheffield', 'Liverpool', 'Hull', 'Bradford'] },
  { region: 'South', country: 'United Kingdom', cities: ['Brighton', 'Southampton', 'Portsmouth', 'Guildford', 'Reading', 'Oxford', 'Canterbury'] },
  { region: 'East', country: 'United Kingdom', cities: ['Norwich', 'Cambridge', 'Ipswich', 'Colchester', 'Peterborough', 'Chelmsford'] },
  { region: 'West', country: 'United Kingdom', cities: ['Bristol', 'Bath', 'Exeter', 'Plymouth', 'Gloucester', 'Cardiff', 'Swansea'] },
  { region: 'Central', country: 'United Kingdom', cities: ['Birmingham', 'Leicester', 'Nottingham', 'Coventry', 'Derby', 'Stoke'] },
  { region: 'Scotland', country: 'United Kingdom', cities: ['Glasgow', 'Edinburgh', 'Aberdeen', 'Dundee', 'Inverness', 'Stirling'] },
  { region: 'Ireland', country: 'Ireland', cities: ['Dublin', 'Cork', 'Galway', 'Limerick', 'Waterford', 'Kilkenny'] },
  { region: 'Benelux', country: 'Netherlands', cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Antwerp', 'Ghent', 'Brussels'] },
] as const;

export const STORE_KINDS = ['High Street', 'Retail Park', 'Central', 'Station', 'Mall', 'Express', 'Outlet', 'Market Square'];
export const CHANNELS = ['In-store', 'Online', 'Mobile app', 'Click & collect', 'Call centre'];
export const SEGMENTS = ['Loyalty member', 'New customer', 'Returning customer', 'Business account'];
export const DRIVERS = ['Price', 'Availability', 'Service', 'Information'] as const;
export const FIRST_NAMES = ['Olivia', 'Noah', 'Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Arthur', 'Mia', 'Leo', 'Sophie', 'Jack', 'Grace', 'Harry', 'Freya', 'Liam', 'Emma', 'Lucas', 'Chloe', 'Daniel', 'Aoife', 'Sean', 'Niamh', 'Finn', 'Sanne', 'Daan', 'Priya', 'Arjun', 'Zara', 'Omar'];
export const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Johnson', 'Roberts', 'Walker', 'Wright', 'Murphy', 'Kelly', 'Byrne', 'de Vries', 'Jansen', 'Patel', 'Khan', 'Campbell', 'Stewart', 'MacDonald', 'Hughes'];

/** Verbatims by sentiment; `{driver}` is replaced with the customer's strongest driver. */
export const VERBATIMS = {
  positive: [
    'Staff were really helpful and found exactly what I needed.',
    'Great {driver}, I will definitely come back.',
    'Quick and easy, the best experience I have had in a shop this year.',
    'Loved the new layout, everything was easy to find.',
    'Friendly team at the till and no queue at all.',
    'Really impressed with the {driver} this time.',
  ],
  neutral: [
    'It was fine, nothing special.',
    'Okay visit, the {driver} could be better.',
    'Found most things but had to ask twice.',
    'Average experience, a bit busy on a Saturday.',
  ],
  negative: [
    'Nobody was around to help and the {driver} was poor.',
    'Items I wanted were out of stock again.',
    'Waited twenty minutes to pay, very frustrating.',
    'Prices have gone up and the {driver} has gone down.',
    'The online order was late and nobody called me back.',
  ],
  profane: [
    'The queue was a damn joke, twenty minutes to pay.',
    'What a crap experience, the {driver} was awful.',
    'Bloody useless staff, nobody knew anything.',
  ],
};

/** Words the profanity filter replaces with asterisks in the cleaned copy. */
export const PROFANITY = ['damn', 'crap', 'bloody'];
