/**
 * Deterministic, realistic-looking journal content for the demo journal and the large benchmark
 * data set. A seeded generator keeps every run identical.
 */

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FIRST_NAMES = [
  'Anita',
  'Rahul',
  'Priya',
  'Suresh',
  'Kavita',
  'Arjun',
  'Meera',
  'Vikram',
  'Sunita',
  'Ravi',
  'Deepa',
  'Amit',
  'Lakshmi',
  'Sanjay',
  'Neha',
  'Karthik',
  'Fatima',
  'Imran',
  'Grace',
  'Daniel',
  'José',
  'Zoë',
  'Chen',
  'Aisha',
  'Mohammed',
  'Elena',
  'Kwame',
  'Yuki',
  'Olga',
  'Tomás',
];
const SURNAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Gupta',
  'Patel',
  'Singh',
  'Kumar',
  'Menon',
  'Das',
  'Chatterjee',
  'Joshi',
  'Rao',
  'Pillai',
  'Khan',
  'Fernandes',
  'Müller-Łukasiewicz',
  'Ørsted',
  'Okafor',
  'Tanaka',
  'Novak',
  'García',
  'Mensah',
  'Wang',
  'Haddad',
  'Kowalski',
  'Silva',
  'Brown',
  'Mukherjee',
];
const SUBJECTS = [
  'Education',
  'Commerce',
  'Management',
  'Economics',
  'Psychology',
  'Sociology',
  'English Literature',
  'Computer Science',
  'Environmental Science',
  'Public Health',
  'Political Science',
  'Physical Education',
];
const COUNTRIES = [
  'India',
  'India',
  'India',
  'India',
  'Nepal',
  'Bangladesh',
  'Nigeria',
  'Kenya',
  'Germany',
  'Brazil',
  'Poland',
  'Japan',
];

const TOPICS: Record<string, string[]> = {
  Education: [
    'secondary school teachers',
    'inclusive classrooms',
    'online learning',
    'teacher education programmes',
    'rural primary schools',
  ],
  Commerce: [
    'digital payments',
    'small retailers',
    'microfinance institutions',
    'consumer buying behaviour',
    'e-commerce adoption',
  ],
  Management: [
    'employee engagement',
    'women entrepreneurs',
    'supply chain resilience',
    'work-life balance',
    'leadership styles',
  ],
  Economics: [
    'agricultural credit',
    'rural employment',
    'inflation expectations',
    'household savings',
    'informal labour markets',
  ],
  Psychology: [
    'academic stress',
    'emotional intelligence',
    'adolescent self-esteem',
    'mindfulness practice',
    'social media use',
  ],
  Sociology: ['migrant workers', 'joint families', 'gender roles', 'urban slums', 'tribal communities'],
  'English Literature': [
    'postcolonial fiction',
    'Indian English poetry',
    'the diasporic novel',
    'ecocriticism',
    'Dalit autobiography',
  ],
  'Computer Science': [
    'deep learning models',
    'cloud security',
    'sentiment analysis',
    'Internet of Things networks',
    'blockchain ledgers',
  ],
  'Environmental Science': [
    'groundwater quality',
    'urban air pollution',
    'solid waste management',
    'mangrove ecosystems',
    'climate adaptation',
  ],
  'Public Health': [
    'maternal nutrition',
    'community health workers',
    'tuberculosis treatment adherence',
    'sanitation practices',
    'childhood immunisation',
  ],
  'Political Science': [
    'panchayati raj institutions',
    'electoral participation',
    'federal relations',
    'public policy implementation',
    'civil society',
  ],
  'Physical Education': [
    'yoga practice',
    'college athletes',
    'physical fitness of school children',
    'sports participation',
    'aerobic training',
  ],
};
const STUDY_FORMS = [
  'A study of {topic} in {place}',
  'Impact of {topic} on outcomes in {place}',
  'An empirical analysis of {topic}',
  'Role of {topic} in sustainable development: evidence from {place}',
  '{Topic}: challenges and opportunities',
  'A comparative study of {topic} in {place}',
  'Factors influencing {topic} in {place}',
  'Assessment of {topic} with special reference to {place}',
];
const PLACES = [
  'Kerala',
  'Uttar Pradesh',
  'Maharashtra',
  'Tamil Nadu',
  'West Bengal',
  'Rajasthan',
  'Karnataka',
  'Delhi NCR',
  'Punjab',
  'Odisha',
  'Assam',
  'Gujarat',
];
const METHODS = [
  'a structured questionnaire',
  'semi-structured interviews',
  'secondary data from government reports',
  'a cross-sectional survey',
  'a mixed-methods design',
  'focus group discussions',
];
const SAMPLES = [120, 150, 200, 250, 300, 384, 400, 500];
const FINDINGS = [
  'a significant positive relationship',
  'marked differences across age groups',
  'a moderate but consistent effect',
  'clear regional variation',
  'no significant difference by gender',
  'a strong association with income level',
];

export interface DemoArticleContent {
  title: string;
  authorname: string;
  abstract: string;
  keywords: string;
  subject: string;
  country: string;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function authorName(random: () => number): string {
  return `${pick(random, FIRST_NAMES)} ${pick(random, SURNAMES)}`;
}

/** One article's title, authors, abstract and keywords; a suffix keeps titles of large sets unique. */
export function demoArticle(random: () => number, suffix = ''): DemoArticleContent {
  const subject = pick(random, SUBJECTS);
  const topic = pick(random, TOPICS[subject]!);
  const place = pick(random, PLACES);
  const form = pick(random, STUDY_FORMS);
  const base = form.replace('{topic}', topic).replace('{Topic}', capitalise(topic)).replace('{place}', place);
  const italic =
    subject === 'Environmental Science' && random() < 0.3 ? ' in <i>Rhizophora mucronata</i> habitats' : '';
  const title = `${capitalise(base)}${italic}${suffix}`;
  const authorCount = 1 + Math.floor(random() * 3);
  const authors = Array.from({ length: authorCount }, () => authorName(random));
  const sample = pick(random, SAMPLES);
  const method = pick(random, METHODS);
  const finding = pick(random, FINDINGS);
  const abstract =
    `<p>This paper examines ${topic} in ${place}. Data were collected from ${sample} respondents using ${method}, ` +
    `and analysed with descriptive statistics, correlation and regression. The study found ${finding} between the ` +
    `variables studied. The findings have practical implications for policy makers, practitioners and researchers ` +
    `in ${subject.toLowerCase()}, and the paper closes with suggestions for further research.</p>` +
    `<p>The sample was drawn in stages so that urban and rural areas, and men and women, were represented in ` +
    `proportion to the population of ${place}. Reliability of the instrument was checked with Cronbach's alpha, ` +
    `and the results were compared with earlier studies of ${topic} in other regions of the country.</p>`;
  return {
    title,
    authorname: authors.join(', '),
    abstract,
    keywords: [topic, subject.toLowerCase(), place, method.replace(/^an? /, '')].join(', '),
    subject,
    country: pick(random, COUNTRIES),
  };
}
