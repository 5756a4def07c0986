import { EyeOff, Globe, MessageCircleHeart, Sparkles, Users } from "lucide-react";
import type { LandingContentMap } from "./landing-types";

// spec §2 Themed landing pages, first half. Respectful by rule: women are people to talk to, not a product.
export const LANDING_CONTENT_FIRST = {
  "talk-to-random-girls": {
    title: "Talk to Random Girls",
    icon: MessageCircleHeart,
    eyebrow: "Random one-to-one chat",
    heading: "Talk to random girls, one real conversation at a time",
    intro:
      "Heartline pairs you with a stranger for a one-to-one chat in seconds, with no sign-up. If you'd like to talk with women, say so in your preference, and you'll meet people who chose to be here and to talk, just like you.",
    sections: [
      {
        title: "People, not profiles",
        body: "There are no photos to swipe and no ratings. The women you meet are people with their own day, their own humour and their own reasons for chatting. Open the way you would with anyone you'd like to get to know: a question, a joke, something you're curious about.",
      },
      {
        title: "Your preference, and theirs",
        body: "You choose your own gender and who you'd like to meet. Matching respects everyone's preference, so you're only paired with someone whose choice includes you too. It means everyone you meet actually wants this conversation.",
      },
      {
        title: "Good openers beat pickup lines",
        body: "Skip comments about looks and ask about something real: what she's watching, where she's chatting from, the best thing that happened this week. If she'd rather not talk, she presses Next and so can you. Pressure and harassment get people banned.",
        link: { href: "/guidelines", label: "Read the Community Guidelines" },
      },
    ],
  },
  "desi-global-girls-chat": {
    title: "Desi Girls Chat, Worldwide",
    icon: Sparkles,
    eyebrow: "For South Asians everywhere",
    heading: "Desi girls chat, from Lahore to London",
    intro:
      "Whether you're in Delhi, Dhaka, Karachi, Colombo or Kathmandu, or part of the diaspora in Toronto, Dubai, London or New Jersey, Heartline is a place to talk with other South Asians who get the references without an explanation.",
    sections: [
      {
        title: "Home, from anywhere",
        body: "Chat in English, Hinglish, Urdu, Bangla, Punjabi, Tamil or whatever mix feels natural. Compare chai and cricket opinions, Bollywood and Coke Studio playlists, and what Eid, Diwali or a cousin's wedding looks like where you live.",
      },
      {
        title: "Respect is non-negotiable",
        body: "Slurs about religion, caste, region or skin colour are hate speech here, and so is shaming women for how they dress or who they talk to. Questions about her family, marriage plans or surname are not openers. Anyone who crosses these lines is reported, muted or banned.",
        link: { href: "/guidelines#not-allowed", label: "What is not allowed" },
      },
      {
        title: "Across time zones",
        body: "When it's midnight in Mumbai it's evening in London and afternoon in Toronto, so someone is usually around. You choose your gender and who you'd like to meet, and matching respects everyone's choice.",
      },
    ],
  },
  "anonymous-girl-chat": {
    title: "Anonymous Girl Chat",
    icon: EyeOff,
    eyebrow: "No sign-up, no real names",
    heading: "Anonymous chat with girls, where nobody needs your name",
    intro:
      "Random chat on Heartline needs no account, no e-mail and no phone number. Many women prefer chatting this way because it lets them talk freely without being found. Keep it that way for them, and for yourself.",
    sections: [
      {
        title: "Anonymous for everyone",
        body: "Don't ask for real names, social media handles or photos, and don't share yours. If both of you want to stay in touch, a free Heartline account lets you add each other as friends without swapping anything personal.",
      },
      {
        title: "Nothing to look back on",
        body: "Random chats are not stored. They pass through our servers' memory while you talk and are gone when the chat ends. Only a report keeps a snapshot of the last messages, for the moderators.",
        link: { href: "/privacy#random-chats", label: "How random chats are handled" },
      },
      {
        title: "Anonymous, not lawless",
        body: "Every chat has End, Next and Report. Harassment, unsolicited explicit messages and threats get people banned, no matter how anonymous they felt.",
      },
    ],
  },
  "global-girls-chat-room": {
    title: "Global Girls Chat Room",
    icon: Globe,
    eyebrow: "The group chat room",
    heading: "A global chat room where everyone is welcome",
    intro:
      "Heartline's group chat room is one big conversation with women and men from every continent. Drop in, read along, jump into a thread, and stay as long as you like.",
    sections: [
      {
        title: "One room, the whole world",
        body: "Join as a guest with just a username, your date of birth and gender, or sign in with an account. Everyone sees the same room, so the conversation is always shared and never a queue.",
      },
      {
        title: "Moderated so everyone stays",
        body: "Rooms where women get harassed end up empty of women. Our moderators mute people who keep pushing and ban people who harass, spam or post explicit content, so the room stays a place worth coming back to.",
        link: { href: "/guidelines#moderation", label: "How mutes and bans work" },
      },
      {
        title: "From the room to friends",
        body: "Met someone you get along with? With a free account, send a friend request. Once it's accepted you can message privately and keep a daily streak going.",
      },
    ],
  },
  "chat-with-girls-online": {
    title: "Chat With Girls Online",
    icon: Users,
    eyebrow: "Free, instant, on any device",
    heading: "Chat with girls online, free and in seconds",
    intro:
      "No download, no sign-up, no fees. Open Heartline on your phone or computer, make two choices, and you're talking to someone new.",
    sections: [
      {
        title: "Three steps",
        body: "Pick your gender and who you'd like to meet, press Start Chatting, and say hello. End or Next leaves at any moment. Matching respects everyone's preference, so the person you meet chose to meet someone like you.",
      },
      {
        title: "Made for phones",
        body: "Heartline works in any modern browser from the smallest phone to a desktop, has a dark theme for late chats, and can be added to your home screen like an app.",
      },
      {
        title: "When nobody's around",
        body: "If no one matches right away, an AI companion may keep you company. It is always labelled AI and never pretends to be a person, we keep looking for a real partner meanwhile, and you can turn it off in Settings.",
      },
    ],
  },
} satisfies LandingContentMap;
