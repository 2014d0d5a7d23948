/** Requests the benchmarks plan and run: the kinds people send, none of which stops to ask. */
export const BENCH_REQUESTS = [
  'turn on the lights in the kitchen',
  'switch the bedroom light off',
  'set the living room lights to 60%',
  'toggle the porch light',
  'dim the office light to half',
  'turn off the garage light and turn on the hallway light',
  'turn on the kitchen, living room and bedroom lights',
  'remind me to feed the cat at 7pm',
  'remind me in 45 minutes to move the car',
  'set a reminder that I need to take out the trash in the morning',
  'add a meeting with the plumber on Thursday at 11am',
  'what do I have on Monday?',
  'email me a note saying buy batteries',
  "Turn off the lights in the garage, and send me an email when that's over. Also, set a reminder that I need to take out the trash in the morning.",
  'after the hallway light is off, email me',
  "Turn on the porch light and let me know when it's done",
  'turn off the office light and remind me at noon to stretch',
  'which lights are on?',
  'turn the basement light on, then set it to 30 percent',
  'schedule dinner with Ana on Friday at 8pm and remind me tomorrow at 9am to book a table',
] as const;

/** Requests for Minecraft and other plugins that plans name but this bench does not run. */
export const PLAN_ONLY_REQUESTS = [
  'get me a wooden pickaxe',
  'gather 16 cobblestone',
  'give bob 2 torches',
  'craft a crafting table and then give it to alex',
  'get 3 oak logs, then craft planks from them. Also switch off the basement light.',
  'book me a flight to Paris',
] as const;
