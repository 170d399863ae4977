import type { TarotSuit } from "@arcana/protocol";

/** A card of Arcana's deck. The texts are Arcana's own. */
export interface TarotCard {
  /** Stable: 0–21 the major arcana, then wands, cups, swords and pentacles, ace to king (14 each). */
  id: number;
  name: string;
  suit: TarotSuit;
  /** 0–21 in the major arcana; 1 (ace) to 14 (king) in a suit. */
  number: number;
  keywords: string[];
  upright: string;
  reversed: string;
}

type CardText = [keywords: string[], upright: string, reversed: string];

const majorArcana: Array<[name: string, ...CardText]> = [
  [
    "The Fool",
    ["beginnings", "trust", "spontaneity"],
    "A first step taken with an open heart; the road matters more than the map today.",
    "Eagerness runs ahead of sense, so look once more before you leap.",
  ],
  [
    "The Magician",
    ["will", "skill", "focus"],
    "Everything you need is already on the table; put intention behind it and it starts to move.",
    "Talent scattered in too many directions, or a clever surface hiding thin substance.",
  ],
  [
    "The High Priestess",
    ["intuition", "stillness", "hidden knowledge"],
    "The answer is quiet and already inside you; listen before you speak.",
    "Inner signals drowned out by noise, or a secret kept at the cost of clarity.",
  ],
  [
    "The Empress",
    ["abundance", "nurture", "growth"],
    "What you tend with patience grows generously; comfort and creativity feed each other.",
    "Giving so much to others or to work that your own garden goes dry.",
  ],
  [
    "The Emperor",
    ["structure", "authority", "stability"],
    "Clear rules and a steady hand turn ambition into something that lasts.",
    "Control held too tightly, or a lack of structure where some is badly needed.",
  ],
  [
    "The Hierophant",
    ["tradition", "teaching", "belonging"],
    "Proven ways and wise teachers have something to offer; learning inside a tradition steadies you.",
    "A rule that no longer fits asks to be questioned rather than obeyed.",
  ],
  [
    "The Lovers",
    ["union", "choice", "values"],
    "A meaningful bond or a decision that shows what you truly value.",
    "A choice made against your own values, or a connection out of balance.",
  ],
  [
    "The Chariot",
    ["drive", "willpower", "victory"],
    "Opposing forces brought under one aim carry you forward fast.",
    "Pulled in two directions at once, the wheels spin but the cart stays put.",
  ],
  [
    "Strength",
    ["courage", "patience", "compassion"],
    "Gentle persistence tames what force never could.",
    "Self-doubt or a short temper saps the quiet strength you actually have.",
  ],
  [
    "The Hermit",
    ["solitude", "reflection", "guidance"],
    "Stepping back from the crowd lets your own lantern show the way.",
    "Withdrawal that has turned into isolation, or avoiding the reflection you need.",
  ],
  [
    "Wheel of Fortune",
    ["cycles", "luck", "turning points"],
    "The wheel turns in your favour; meet the change rather than resist it.",
    "A downswing that feels personal but is only part of a larger cycle.",
  ],
  [
    "Justice",
    ["fairness", "truth", "consequence"],
    "Honest accounts and fair decisions bring a result you can stand behind.",
    "Something is out of balance; an unfair outcome or an unowned mistake.",
  ],
  [
    "The Hanged Man",
    ["surrender", "pause", "new perspective"],
    "Letting go and hanging still reveals an angle you could not see while rushing.",
    "Stalling for its own sake, or a sacrifice that leads nowhere.",
  ],
  [
    "Death",
    ["endings", "transformation", "release"],
    "One chapter closes so that another can begin; clear space for what is next.",
    "Clinging to what has already ended keeps the new from arriving.",
  ],
  [
    "Temperance",
    ["balance", "moderation", "blending"],
    "Mixing the right measures slowly produces something better than either part alone.",
    "Excess on one side and neglect on the other; the blend has tipped.",
  ],
  [
    "The Devil",
    ["attachment", "temptation", "shadow"],
    "A habit or desire holds more power over you than you admit; name it.",
    "The chain was never locked; a release from something that bound you.",
  ],
  [
    "The Tower",
    ["upheaval", "revelation", "sudden change"],
    "A structure built on a false premise falls, and the truth comes out with it.",
    "A collapse narrowly avoided, or change resisted until it grows louder.",
  ],
  [
    "The Star",
    ["hope", "renewal", "inspiration"],
    "After the storm, a calm and honest hope; healing is underway.",
    "Faith running low; reconnect with what once inspired you.",
  ],
  [
    "The Moon",
    ["illusion", "dreams", "uncertainty"],
    "Not everything is as it seems; move carefully and trust your instincts in the half-light.",
    "Confusion begins to lift and a fear loses its shape once looked at directly.",
  ],
  [
    "The Sun",
    ["joy", "success", "vitality"],
    "Warmth, clarity and plain good fortune; let yourself enjoy it.",
    "The light is there but dimmed by overthinking or a passing cloud.",
  ],
  [
    "Judgement",
    ["awakening", "reckoning", "calling"],
    "A clear call to rise, take stock honestly and answer what you are meant to do.",
    "Harsh self-judgement or ignoring the call keeps you from moving on.",
  ],
  [
    "The World",
    ["completion", "wholeness", "arrival"],
    "A cycle completes with a sense of wholeness; celebrate before the next begins.",
    "Almost there; one loose end keeps the circle from closing.",
  ],
];

const ranks = [
  "Ace",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Page",
  "Knight",
  "Queen",
  "King",
] as const;

const minorArcana: Record<Exclude<TarotSuit, "major">, CardText[]> = {
  wands: [
    [
      ["spark", "inspiration", "potential"],
      "A fresh spark of enthusiasm; an idea wants to be started now.",
      "The spark is there but damp; delays or doubt smother a good idea.",
    ],
    [
      ["planning", "vision", "decisions"],
      "You hold the world in your hand and must choose which horizon to pursue.",
      "Fear of leaving the familiar keeps a bigger plan on paper.",
    ],
    [
      ["expansion", "foresight", "momentum"],
      "Your ships are sailing; early efforts start to return news from afar.",
      "Plans outpace preparation and the wait for results grows frustrating.",
    ],
    [
      ["celebration", "home", "milestone"],
      "A moment to celebrate a firm foundation with the people who helped build it.",
      "A celebration postponed, or tension beneath a cheerful surface at home.",
    ],
    [
      ["competition", "friction", "sparring"],
      "Clashing ideas and lively rivalry sharpen everyone involved.",
      "Conflict for its own sake; step back from a fight that helps no one.",
    ],
    [
      ["recognition", "victory", "confidence"],
      "Public recognition for a job well done; ride in with your head high.",
      "Praise slow to come, or pride that needs applause to stay upright.",
    ],
    [
      ["defence", "conviction", "standing firm"],
      "Hold your ground; your position is higher than it feels.",
      "Worn down by defending everything; choose which battles matter.",
    ],
    [
      ["speed", "movement", "news"],
      "Things move fast now; messages arrive and plans take flight.",
      "Haste causes crossed wires, or momentum stalls in the air.",
    ],
    [
      ["resilience", "persistence", "last stand"],
      "Tired but still standing; one more push finishes what you began.",
      "Exhaustion turning into suspicion; rest before you defend again.",
    ],
    [
      ["burden", "responsibility", "overload"],
      "You carry a great deal; it is nearly delivered, but share the load.",
      "Putting down a burden that was never yours to carry.",
    ],
    [
      ["curiosity", "enthusiasm", "exploration"],
      "An eager messenger with a bright idea; explore it with a beginner's joy.",
      "Enthusiasm without follow-through, or news that fizzles out.",
    ],
    [
      ["adventure", "boldness", "impulse"],
      "Charge toward what excites you with energy and daring.",
      "Recklessness or scattered energy leaves a trail of half-finished things.",
    ],
    [
      ["warmth", "confidence", "charisma"],
      "Sunny self-assurance draws people in and gets things done.",
      "Confidence dims into jealousy or a need to be seen.",
    ],
    [
      ["leadership", "vision", "entrepreneurship"],
      "A bold leader who turns a vision into a movement others want to join.",
      "Impatience and high demands make leadership feel like domination.",
    ],
  ],
  cups: [
    [
      ["new feeling", "openness", "love"],
      "An overflowing cup: a new friendship, love or creative feeling begins.",
      "Feelings held back or poured out where no one can receive them.",
    ],
    [
      ["partnership", "mutual respect", "attraction"],
      "Two people meet as equals and something warm passes between them.",
      "A mismatch or a small rift in a relationship that needs honest words.",
    ],
    [
      ["friendship", "celebration", "community"],
      "Good company and shared joy; gather with the people who lift you.",
      "Too much of a good time, or a friendship feeling crowded.",
    ],
    [
      ["contemplation", "apathy", "reevaluation"],
      "Bored by what is offered, you may miss the cup held out to you.",
      "Waking from indifference and ready to say yes to something again.",
    ],
    [
      ["loss", "regret", "grief"],
      "Mourning what spilled is natural; two cups still stand behind you.",
      "Acceptance returns and you turn toward what remains.",
    ],
    [
      ["nostalgia", "innocence", "kindness"],
      "Sweet memories and simple kindness bring comfort.",
      "Living in the past keeps you from the present's gifts.",
    ],
    [
      ["choices", "fantasy", "illusion"],
      "Many dazzling options; not all of them are real, so choose with care.",
      "The fog clears and one real choice stands out.",
    ],
    [
      ["walking away", "seeking", "disillusion"],
      "Leaving behind something that no longer fulfils you to look for deeper meaning.",
      "Hesitating to leave, or drifting without knowing what you seek.",
    ],
    [
      ["contentment", "wishes", "satisfaction"],
      "A wish granted; enjoy the comfort you worked for.",
      "Satisfaction that feels hollow, or wanting more than will make you happy.",
    ],
    [
      ["harmony", "family", "fulfilment"],
      "Lasting happiness shared with the people you love.",
      "A gap between the picture of happiness and how it really feels.",
    ],
    [
      ["sensitivity", "creative message", "wonder"],
      "A gentle surprise or an intuitive nudge invites playful feeling.",
      "Moodiness or an emotional message misread.",
    ],
    [
      ["romance", "charm", "following the heart"],
      "An offer made from the heart; follow what moves you.",
      "Promises that are more mood than commitment.",
    ],
    [
      ["empathy", "care", "intuition"],
      "Deep compassion and emotional wisdom; you can hold space for others.",
      "Absorbing everyone's feelings until your own get lost.",
    ],
    [
      ["emotional balance", "diplomacy", "calm"],
      "Calm authority over strong feelings keeps the waters steady.",
      "Feelings suppressed for control leak out as coldness or moods.",
    ],
  ],
  swords: [
    [
      ["clarity", "truth", "breakthrough"],
      "A clean cut of insight: the truth becomes plain and a decision follows.",
      "Confused thinking or a sharp word used carelessly.",
    ],
    [
      ["stalemate", "indecision", "avoidance"],
      "A blindfolded balance; a choice is being avoided to keep the peace.",
      "The stalemate breaks as hidden information comes to light.",
    ],
    [
      ["heartbreak", "sorrow", "painful truth"],
      "A painful truth pierces the heart; facing it is the start of healing.",
      "Recovery begins and the sting slowly fades.",
    ],
    [
      ["rest", "recovery", "retreat"],
      "Lay down your sword for a while; rest is part of the work.",
      "Restlessness or burnout from refusing the pause you need.",
    ],
    [
      ["conflict", "winning at a cost", "tension"],
      "A victory that leaves others bruised; ask whether it was worth it.",
      "Wanting to make amends and leave an old quarrel behind.",
    ],
    [
      ["transition", "moving on", "calmer waters"],
      "Moving away from trouble toward calmer waters, carrying lessons with you.",
      "Unfinished business makes the crossing slow.",
    ],
    [
      ["strategy", "stealth", "evasion"],
      "A clever plan or a quiet exit; be sure your methods are honest.",
      "A secret coming out, or a change of heart about cutting corners.",
    ],
    [
      ["restriction", "self-limiting belief", "feeling trapped"],
      "The bonds are looser than they feel; a belief keeps you in place.",
      "Releasing the thought that held you and stepping free.",
    ],
    [
      ["anxiety", "sleeplessness", "worry"],
      "Night worries grow larger than the problems behind them.",
      "The worst of the anxiety passes as you reach out for help.",
    ],
    [
      ["ending", "rock bottom", "closure"],
      "A painful ending that cannot go further; from here things can only rise.",
      "Recovering from the low point, slowly and for real.",
    ],
    [
      ["curiosity", "vigilance", "new ideas"],
      "A sharp, curious mind hungry for information and debate.",
      "Gossip or all talk and no plan.",
    ],
    [
      ["ambition", "action", "directness"],
      "Charging ahead with conviction and quick thinking.",
      "Haste and bluntness cut more than they solve.",
    ],
    [
      ["perception", "independence", "clear boundaries"],
      "Clear sight and honest words, softened by experience.",
      "Sharpness turning into bitterness or cold judgement.",
    ],
    [
      ["intellect", "authority", "fair judgement"],
      "Decisions made with a clear head and fair principles.",
      "Using cleverness to dominate rather than to serve the truth.",
    ],
  ],
  pentacles: [
    [
      ["opportunity", "prosperity", "grounding"],
      "A solid new opportunity to build something real: a job, a plan, a seed of wealth.",
      "An opening missed or poorly planned; check the foundation.",
    ],
    [
      ["balance", "adaptability", "juggling"],
      "Keeping several things in motion with good humour and flexibility.",
      "Too many balls in the air; something is about to drop.",
    ],
    [
      ["teamwork", "craft", "collaboration"],
      "Skilled people working together produce something admirable.",
      "Poor coordination or a lack of credit undermines the team.",
    ],
    [
      ["security", "saving", "control"],
      "Holding on to what you have builds safety; just leave room to breathe.",
      "Clutching resources out of fear, or spending to fill a gap.",
    ],
    [
      ["hardship", "scarcity", "isolation"],
      "A lean stretch; help is nearer than it looks if you ask for it.",
      "Recovery from a difficult period begins.",
    ],
    [
      ["generosity", "giving", "receiving"],
      "Resources flow fairly; give when you can and accept help when you need it.",
      "Strings attached to a gift, or an imbalance in give and take.",
    ],
    [
      ["patience", "investment", "long view"],
      "Hard work is growing slowly; pause to assess before the next effort.",
      "Impatience with slow returns, or effort poured into the wrong field.",
    ],
    [
      ["diligence", "mastery", "practice"],
      "Steady practice and attention to detail refine your craft.",
      "Repetition without care, or perfectionism that stalls progress.",
    ],
    [
      ["self-sufficiency", "luxury", "reward"],
      "Enjoying the independence and comfort your discipline has earned.",
      "Comfort that depends on others, or working too hard to enjoy it.",
    ],
    [
      ["legacy", "family wealth", "permanence"],
      "Lasting security built over time and shared with those who come after.",
      "Disputes over money or tradition shake what felt permanent.",
    ],
    [
      ["study", "ambition", "new skill"],
      "An eager student with a practical dream; learn and begin.",
      "Daydreaming about results without doing the groundwork.",
    ],
    [
      ["reliability", "routine", "steady effort"],
      "Slow, dependable progress that gets there in the end.",
      "Routine has become a rut, or caution turned into inertia.",
    ],
    [
      ["nurturing", "practicality", "comfort"],
      "Warm and practical care: a comfortable home and wise use of resources.",
      "Neglecting yourself while looking after everything else.",
    ],
    [
      ["abundance", "security", "stewardship"],
      "Wealth and stability managed with generosity and good sense.",
      "Status and possessions valued over people.",
    ],
  ],
};

const suitNames: Record<Exclude<TarotSuit, "major">, string> = {
  wands: "Wands",
  cups: "Cups",
  swords: "Swords",
  pentacles: "Pentacles",
};

function buildDeck(): TarotCard[] {
  const cards: TarotCard[] = majorArcana.map(([name, keywords, upright, reversed], index) => ({
    id: index,
    name,
    suit: "major",
    number: index,
    keywords,
    upright,
    reversed,
  }));
  for (const suit of ["wands", "cups", "swords", "pentacles"] as const) {
    minorArcana[suit].forEach(([keywords, upright, reversed], index) => {
      cards.push({
        id: cards.length,
        name: `${ranks[index]} of ${suitNames[suit]}`,
        suit,
        number: index + 1,
        keywords,
        upright,
        reversed,
      });
    });
  }
  return cards;
}

/** The 78 cards, indexed by id. */
export const tarotDeck: readonly TarotCard[] = buildDeck();
