import { Compass, GraduationCap, HeartHandshake, Languages, Moon } from "lucide-react";
import type { LandingContentMap } from "./landing-types";

// spec §2 Themed landing pages, second half. Same rule: respectful, honest about what matching does.
export const LANDING_CONTENT_SECOND = {
  "foreign-girls-chat": {
    title: "Foreign Girls Chat",
    icon: Languages,
    eyebrow: "Cultures and languages",
    heading: "Chat with girls from other countries and cultures",
    intro:
      "Heartline connects people from all over the world, so the person on the other side might be in São Paulo, Seoul, Lagos or Warsaw. It's the easiest way to hear what life is like somewhere else, from someone who lives it.",
    sections: [
      {
        title: "Swap stories, not stereotypes",
        body: "Ask about her city, the food she grew up with, the music everyone there is listening to, and share yours. Treat her as a person, not as an exotic type: comments about 'girls from your country' end conversations fast.",
      },
      {
        title: "Practise a language",
        body: "Plenty of people come to Heartline to practise English or another language. Offer to switch languages for a while, be patient with mistakes, and you'll both learn something.",
      },
      {
        title: "Distance makes scams easy",
        body: "Someone abroad who soon needs money for a visa, a ticket or an emergency is running a romance scam. Never send money, gift cards or crypto to anyone you've only met online, and report it.",
        link: { href: "/guidelines#scams", label: "Spotting romance scams" },
      },
    ],
  },
  "late-night-girl-chat": {
    title: "Late-Night Girl Chat",
    icon: Moon,
    eyebrow: "When you can't sleep",
    heading: "Late-night chat with girls when you can't sleep",
    intro:
      "Wide awake at 3 a.m.? You're not the only one. Night-shift workers, students, insomniacs and people on the other side of the world are chatting on Heartline at every hour.",
    sections: [
      {
        title: "Someone's always awake",
        body: "Your midnight is someone else's lunch break. Choose your gender and who you'd like to meet, and matching respects everyone's preference, at night as much as during the day.",
      },
      {
        title: "Easy conversations",
        body: "Late-night chats don't have to go deep. A film recommendation, a debate about the best midnight snack, or simply someone to say goodnight to is enough. Tiredness makes people share more than they planned, so keep your full name, address and workplace to yourself.",
      },
      {
        title: "If the night feels heavy",
        body: "If you're struggling, you deserve more than a stranger's chat. Free, confidential crisis lines in your country are listed at findahelpline.com, and if anyone is in danger, contact your local emergency services.",
        link: { href: "https://findahelpline.com", label: "Find a helpline", isExternal: true },
      },
    ],
  },
  "meet-girls-online-chat": {
    title: "Meet Girls Online",
    icon: HeartHandshake,
    eyebrow: "Conversation first",
    heading: "Meet girls online through conversation, not swiping",
    intro:
      "On Heartline you meet people by talking to them. No photos to judge first, no profile to perfect: just a conversation, and the chance that it turns into a friendship or something more.",
    sections: [
      {
        title: "It starts with a chat",
        body: "Start with a random one-to-one chat or the group room. If you click, make a free account and send a friend request; once she accepts, you can keep talking in private messages.",
      },
      {
        title: "Grow it day by day",
        body: "Friends who message each other every day build a streak, earn badges at 3, 7, 14, 30, 60 and 90 days, and can reach the top-10 leaderboard. It's a gentle reason to say hi tomorrow too.",
      },
      {
        title: "Go at her pace, and yours",
        body: "Meeting offline is a choice for both of you, never a demand. If you do meet, pick a busy public place and tell a friend where you'll be. Pushing for photos, numbers or dates after a no gets people reported and banned.",
        link: { href: "/guidelines#safety-tips", label: "Safety tips" },
      },
    ],
  },
  "college-girls-random-chat": {
    title: "College Girls Random Chat (18+)",
    icon: GraduationCap,
    eyebrow: "For students 18 and over",
    heading: "Random chat with college girls, for students 18+",
    intro:
      "Between lectures, during an all-nighter or on a quiet weekend on campus, Heartline lets you chat with students and recent graduates from other colleges and countries.",
    sections: [
      {
        title: "Adults only, no exceptions",
        body: "Heartline is for people aged 18 and over. It is not for school students, and accounts that belong to anyone under 18 are closed. If you think you're talking to a minor, end the chat and report it.",
      },
      {
        title: "Study breaks worth having",
        body: "Compare majors, survive exam season together, swap notes on dorm food and campus life around the world. The group room is open for bigger conversations, too.",
      },
      {
        title: "Keep your campus private",
        body: "Don't share your university, halls, class timetable or full name with someone you just met. Heartline works without any of it, and you choose your gender and who you'd like to meet.",
      },
    ],
  },
  "chat-with-girls-near-or-far": {
    title: "Chat With Girls Near or Far",
    icon: Compass,
    eyebrow: "Around the corner or around the world",
    heading: "Chat with girls near or far",
    intro:
      "The person you meet on Heartline could be in your own city or on the other side of the planet. You won't know unless one of you decides to say, and that's the point.",
    sections: [
      {
        title: "Near, without being found",
        body: "Heartline doesn't use your location and never shows anyone how far away you are. Meeting someone nearby happens by chance, and whether to mention your city is always up to each of you.",
      },
      {
        title: "Far, without the airfare",
        body: "People chat on Heartline from every continent and every time zone. Ask what the weather, the food or the music is like where she is; you'll get a view no travel guide has.",
      },
      {
        title: "Same rules, wherever you are",
        body: "You choose your gender and who you'd like to meet, and matching respects everyone's preference. Harassment, unsolicited explicit content and scams get people banned, wherever they're from.",
        link: { href: "/guidelines", label: "Read the Community Guidelines" },
      },
    ],
  },
} satisfies LandingContentMap;
