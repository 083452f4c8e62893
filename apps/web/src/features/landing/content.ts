/**
 * The landing page's static content. Our copy: it claims only what Clearroom is built to do
 * (self-hosted, air-gapped, cited answers) and no number we have not measured.
 */

/** Where the calls to start open the login form: in Create Account mode (Sign In opens /login). */
export const CREATE_ACCOUNT = '/login?mode=register';

export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'use-cases', label: 'Use Cases' },
  { id: 'faq', label: 'FAQ' },
] as const;

/** Spec §9: 11 examples, one every 3000 ms with a 500 ms fade. */
export const exampleQueries = [
  'Which supplier contracts contain a change-of-control clause?',
  'List every lease with a break option in the next 24 months.',
  'What are the termination rights in the master services agreement?',
  'Summarise revenue and gross margin for the last three financial years.',
  'Does the target owe anyone exclusivity or non-compete obligations?',
  'Which contracts need the counterparty’s consent to an assignment?',
  'What liability caps and indemnities does the target give its customers?',
  'Is any pending or threatened litigation mentioned in the data room?',
  'Which rent reviews fall due across the property portfolio this year?',
  'Which agreements have an unusual governing-law or jurisdiction clause?',
  'Who are the ten largest customers, and when do their contracts expire?',
] as const;

export const EXAMPLE_QUERY_INTERVAL_MS = 3000;
export const EXAMPLE_QUERY_FADE_MS = 500;

export type FeatureKey =
  'selfHosted' | 'airGapped' | 'private' | 'citations' | 'projects' | 'formats';

export const features: readonly { key: FeatureKey; title: string; text: string }[] = [
  {
    key: 'selfHosted',
    title: 'Runs on your infrastructure',
    text: 'Install Clearroom on your own Kubernetes cluster with a Helm chart, or on a single machine.',
  },
  {
    key: 'airGapped',
    title: 'Works air-gapped',
    text: 'No call leaves your network: the language models run on your own hardware, not a cloud service.',
  },
  {
    key: 'private',
    title: 'Documents stay in your network',
    text: 'Files, extracted text and every question asked about them stay on servers you control.',
  },
  {
    key: 'citations',
    title: 'Answers you can check',
    text: 'Every answer cites the document, the page and the passage it relies on, so you can verify it in a click.',
  },
  {
    key: 'projects',
    title: 'One workspace per deal',
    text: 'Keep each deal’s details, documents and questions together in its own project.',
  },
  {
    key: 'formats',
    title: 'The formats data rooms hold',
    text: 'PDF, Word, Excel, PowerPoint, plain text and images, side by side in one project.',
  },
];

export type UseCaseKey = 'leases' | 'anomalies' | 'changeOfControl' | 'financials';

export const useCases: readonly { key: UseCaseKey; title: string; text: string }[] = [
  {
    key: 'leases',
    title: 'Lease data analysis',
    text: 'Pull rent, term, break options and review dates out of a portfolio of leases, each figure traced to its clause.',
  },
  {
    key: 'anomalies',
    title: 'Contract anomaly detection',
    text: 'Spot the contracts that depart from the rest: unusual liability caps, missing termination rights, odd governing law.',
  },
  {
    key: 'changeOfControl',
    title: 'Change-of-control and risk flagging',
    text: 'Find the change-of-control, assignment and exclusivity provisions the deal could trigger, with page references.',
  },
  {
    key: 'financials',
    title: 'Financial summaries',
    text: 'Summarise revenue, margins and headcount from management accounts and board packs, citing where each number comes from.',
  },
];

export const steps = [
  {
    title: 'Upload',
    text: 'Add the data room’s documents to a deal’s project.',
  },
  {
    title: 'AI processing',
    text: 'Clearroom extracts the text, splits it into passages and indexes them, on your servers.',
  },
  {
    title: 'Querying',
    text: 'Ask in plain language. Answers come back with citations to the document, page and passage.',
  },
] as const;

export type Testimonial = {
  quote: string;
  author: string;
  role: string;
  company: string;
  initials: string;
  /**
   * Part of the landing content's shape (spec §3), deliberately not shown: these are illustrative
   * scenarios, and stars on them would be an endorsement nobody gave (spec §2 names only
   * "testimonials" among the sections; we claim nothing we have not measured).
   */
  rating: number;
};

/**
 * Illustrative scenarios, not customer endorsements: we have no customers to quote yet, so
 * these describe the work of typical roles, and name no company.
 */
export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Before the call on the purchase agreement I need every change-of-control clause in the supplier contracts, each with the page it sits on.',
    author: 'M&A associate',
    role: 'Buy-side legal due diligence',
    company: 'Law firm',
    initials: 'MA',
    rating: 5,
  },
  {
    quote:
      'Board packs and management accounts go in; revenue and margin by year come out, with a citation I can open before it reaches the investment committee.',
    author: 'Investment manager',
    role: 'Financial and commercial diligence',
    company: 'Private equity fund',
    initials: 'IM',
    rating: 5,
  },
  {
    quote:
      'Forty leases and one question: which have a break option in the next two years, and where exactly does each lease say so?',
    author: 'Asset manager',
    role: 'Portfolio acquisition',
    company: 'Real estate investor',
    initials: 'AM',
    rating: 5,
  },
];

/** Spec §9: 8 questions, one open at a time. */
export const faqs: readonly { question: string; answer: string }[] = [
  {
    question: 'Where are our documents stored?',
    answer:
      'On your own infrastructure. Clearroom installs in your Kubernetes cluster or on one of your machines; files, extracted text, questions and answers stay in storage you control.',
  },
  {
    question: 'Does Clearroom need internet access?',
    answer:
      'No. It is built to run air-gapped: the language and search models run on your own hardware, and the app loads no outside scripts, fonts or services.',
  },
  {
    question: 'How is Clearroom installed?',
    answer:
      'With a Helm chart on your Kubernetes cluster, or on a single machine for a smaller team. Your IT team keeps control of updates, backups and access.',
  },
  {
    question: 'Which file types can we upload?',
    answer:
      'PDF, Word, Excel, PowerPoint, plain text and common image formats: the documents a data room usually holds.',
  },
  {
    question: 'How do I know an answer is right?',
    answer:
      'Every answer cites its sources: the document, the page and the passage. Open a citation to see the page beside the answer with the passage highlighted, and judge for yourself.',
  },
  {
    question: 'Who can see a project?',
    answer:
      'Projects belong to the user who created them; other users of your Clearroom server do not see them.',
  },
  {
    question: 'Does any AI provider see our questions?',
    answer:
      'No. Questions are answered by models running inside your network; nothing is sent to an outside AI service.',
  },
  {
    question: 'How long does analysis take?',
    answer:
      'It depends on your hardware and on the size and number of documents. We would rather measure it on your machines with your documents than quote a number here.',
  },
];
