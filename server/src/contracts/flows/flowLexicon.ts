// Words that tell where a tool's data comes from and where it goes, for flow
// label inference (toolFlow.ts). Lower-case single words, as nameWords and
// proseWords (../behavior/words.ts) split names and prose. Plural forms are
// listed where they are common in tool names.

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter((w) => w !== ''));

/**
 * What a read can return that is the user's own and not for others: files,
 * stores of records, secrets, mail and messages, accounts and people.
 */
export const PRIVATE_NOUNS = set(`
  file files directory directories dir dirs folder folders path paths document documents doc docs note notes
  drive disk filesystem
  database databases db sql query table tables record records row rows column columns schema
  redis sqlite postgres postgresql mysql mongo mongodb store kv cache bucket
  key keys value values
  secret secrets password passwords credential credentials token tokens vault keychain env environment config settings ssh wallet
  mail email emails inbox mailbox message messages dm dms chat chats conversation conversations thread threads reply replies
  channel channels workspace history
  calendar calendars event events contact contacts profile profiles user users account accounts member members
  customer customers order orders payment payments invoice invoices bank balance transaction transactions
  health medical patient patients clipboard photo photos memory memories knowledge graph entity entities observation observations
  log logs git commit commits diff diffs changes staged branch branches
  gmail outlook sheet sheets spreadsheet spreadsheets slides notion
`);

/** The last word of a read's parameter that points into the user's own machine (`path`, `repo_path`): the read is of private data. */
export const LOCAL_PATH_PARAMS = set('path paths file files dir directory folder filepath filename');

/**
 * What a read can return that somebody else wrote: web pages and search
 * results, issues and comments, mail and messages, feeds and posts.
 */
export const UNTRUSTED_NOUNS = set(`
  web webpage webpages website websites internet online url urls uri uris link links http https html
  browser browse scrape crawl crawler download
  issue issues comment comments review reviews discussion discussions forum forums post posts tweet tweets
  feed feeds rss news article articles reddit wiki wikipedia youtube transcript transcripts
  mail email emails inbox mailbox message messages dm dms chat chats conversation conversations thread threads reply replies
  ticket tickets pull pr prs external
`);

/** Words of a tool that drives a web browser: what it reads is a web page, what it types goes into one. */
export const BROWSER_WORDS = set('browser puppeteer playwright selenium webdriver selector screenshot dom');

/** Browser actions that put data into a page or send it to an address (the others only move around in it). */
export const BROWSER_SENDS = set('fill type select evaluate navigate goto submit press upload');

/** Verbs of fetching from outside: with a web noun or a URL parameter, a read is untrusted. */
export const FETCH_VERBS = set('fetch browse scrape crawl download search lookup find query get read open visit');

/** Words that make a search a web search (`search_web`, "Search the internet"). */
export const WEB_WORDS = set('web internet online google bing duckduckgo brave serp websearch');

/** Parameter names that carry an address to fetch. */
export const URL_PARAMS = set('url urls uri uris link href endpoint');

/** Verbs of sending something where others can read it. */
export const SEND_VERBS = set(`
  send post publish share reply respond forward notify broadcast upload tweet retweet announce submit
  email mail message comment react invite dm sms text push
`);

/** What, once made or changed, others can read: messages, posts, issues, public pages. */
export const PUBLIC_NOUNS = set(`
  message messages email emails mail comment comments reply replies reaction reactions issue issues pull pr
  gist gists post posts tweet tweets status channel thread webhook notification notifications sms chat discussion
  review reviews release public http request
`);

/**
 * The last word of a sink's parameter name that makes it a destination (who
 * or where) rather than the data sent: `to`, `channel_id`, `thread_ts`,
 * `issue_number`. Untrusted content there is still tampering; private data
 * there is not a leak (an address looked up to write to it is its purpose).
 */
export const DESTINATION_PARAMS = set(`
  to recipient recipients cc bcc channel channels chat room owner repo repository id ids number num
  address phone ts timestamp user users username handle target dest destination branch
`);
