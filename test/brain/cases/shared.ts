import type { PlanCase } from '../support.js';

/** The example requests every brain must plan as shown (the shared plan cases). */
export const SHARED_CASES: PlanCase[] = [
  {"text": "Turn off the lights in the garage, and send me an email when that's over. Also, set a reminder that I need to take out the trash in the morning.", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "garage", "desired_state": false}}, {"call": "email.send_message", "args": {"to": {"me": true}}}], [{"call": "calendar.create_reminder", "args": {"text": {"~": "trash"}, "at": {"between": ["2026-11-22T05:00:00Z", "2026-11-22T10:00:00Z"]}}}]]},
  {"text": "turn on the lights in the kitchen", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "kitchen", "desired_state": true}}]]},
  {"text": "switch the bedroom light off", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "bedroom", "desired_state": false}}]]},
  {"text": "set the living room lights to 60%", "groups": [[{"call": "lights.set_brightness", "args": {"location": "living room", "percent": 60}}]]},
  {"text": "toggle the porch light", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "porch", "desired_state": {"absent": true}}}]]},
  {"text": "remind me to feed the cat at 7pm", "groups": [[{"call": "calendar.create_reminder", "args": {"text": {"~": "feed the cat"}, "at": {"between": ["2026-11-21T19:00:00Z", "2026-11-21T19:00:00Z"]}}}]]},
  {"text": "remind me in 45 minutes to move the car", "groups": [[{"call": "calendar.create_reminder", "args": {"text": {"~": "move the car"}, "at": {"between": ["2026-11-21T10:45:00Z", "2026-11-21T10:45:00Z"]}}}]]},
  {"text": "add a meeting with the plumber on Thursday at 11am", "groups": [[{"call": "calendar.create_event", "args": {"title": {"~": "plumber"}, "start": {"between": ["2026-11-26T11:00:00Z", "2026-11-26T11:00:00Z"]}}}]]},
  {"text": "what do I have on Monday?", "groups": [[{"call": "calendar.list_events", "args": {"from": {"between": ["2026-11-23T00:00:00Z", "2026-11-23T00:00:00Z"]}}}]]},
  {"text": "email me a note saying buy batteries", "groups": [[{"call": "email.send_message", "args": {"to": {"me": true}, "text": {"~": "buy batteries"}}}]]},
  {"text": "send an email to sam@example.com telling him the game starts at 9", "groups": [[{"call": "email.send_message", "args": {"to": "sam@example.com", "text": {"~": "game starts at 9"}}}]]},
  {"text": "get me a wooden pickaxe", "groups": [[{"call": "minecraft.obtain_item", "args": {"item": "wooden_pickaxe", "count": 1}}]]},
  {"text": "gather 16 cobblestone", "groups": [[{"call": "minecraft.obtain_item", "args": {"item": "cobblestone", "count": 16}}]]},
  {"text": "come to bob", "groups": [[{"call": "minecraft.goto_player", "args": {"player": "bob"}}]]},
  {"text": "follow alex", "groups": [[{"call": "minecraft.follow_player", "args": {"player": "alex"}}]]},
  {"text": "give bob 2 torches", "groups": [[{"call": "minecraft.give_item", "args": {"player": "bob", "item": "torch", "count": 2}}]]},
  {"text": "how is your health in minecraft?", "groups": [[{"call": "minecraft.status", "args": {}}]]},
  {"text": "turn off the office light and remind me at noon to stretch", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "office", "desired_state": false}}], [{"call": "calendar.create_reminder", "args": {"text": {"~": "stretch"}, "at": {"between": ["2026-11-21T12:00:00Z", "2026-11-21T12:00:00Z"]}}}]]},
  {"text": "craft a crafting table and then give it to alex", "groups": [[{"call": "minecraft.obtain_item", "args": {"item": "crafting_table", "count": 1}}, {"call": "minecraft.give_item", "args": {"player": "alex", "item": "crafting_table", "count": 1}}]]},
  {"text": "after the hallway light is off, email me", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "hallway", "desired_state": false}}, {"call": "email.send_message", "args": {"to": {"me": true}}}]]},
  {"text": "Turn on the porch light and let me know when it's done", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "porch", "desired_state": true}}, {"call": "primary.send_message", "args": {}}]]},
  {"text": "book me a flight to Paris", "groups": [[{"call": null}]]},
  {"text": "turn on the lights in the garage and the kitchen", "groups": [[{"call": "lights.toggle_lights_in_location", "args": {"location": "garage", "desired_state": true}}], [{"call": "lights.toggle_lights_in_location", "args": {"location": "kitchen", "desired_state": true}}]]},
  {"text": "get 3 oak logs, then craft planks from them. Also switch off the basement light.", "groups": [[{"call": "minecraft.obtain_item", "args": {"item": "oak_log", "count": 3}}, {"call": "minecraft.obtain_item", "args": {"item": "oak_planks"}}], [{"call": "lights.toggle_lights_in_location", "args": {"location": "basement", "desired_state": false}}]]},
];
