#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { httpFetch } from "./chunk-BM7US4AK.js";
import "./chunk-MO2C37CX.js";
import { Backoff, withRetry } from "./chunk-5KQWCFOI.js";
import { chunkText, downloadAttachment, StreamedReply, sendRefusable } from "./chunk-5UCNFOLO.js";
import { require_src } from "./chunk-QCYESFNI.js";
import { require_node_http } from "./chunk-QK2XCNBO.js";
import { approvalButtonData, buttonsOf, DECISION_ROOM, PromptTooLong, parseApprovalButton } from "./chunk-R24RNOXK.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-QI67DLSS.js";
import { ChannelError } from "./chunk-FDN6ANKK.js";
import { __commonJS, __require, __toESM } from "./chunk-GZ7VATWC.js";
import { deliverChunks } from "./chunk-VH5YRSZ5.js";
var require_filter = __commonJS({
  "node_modules/grammy/out/filter.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.matchFilter = matchFilter;
    exports.parse = parse;
    exports.preprocess = preprocess;
    var filterQueryCache = new Map();
    function matchFilter(filter) {
      var _a;
      const queries = Array.isArray(filter) ? filter : [filter],
        key = queries.join(","),
        predicate =
          (_a = filterQueryCache.get(key)) !== null && _a !== void 0
            ? _a
            : (() => {
                const parsed = parse(queries),
                  pred = compile(parsed);
                return filterQueryCache.set(key, pred), pred;
              })();
      return (ctx) => predicate(ctx);
    }
    function parse(filter) {
      return Array.isArray(filter) ? filter.map((q) => q.split(":")) : [filter.split(":")];
    }
    function compile(parsed) {
      const preprocessed = parsed.flatMap((q) => check(q, preprocess(q))),
        ltree = treeify(preprocessed),
        predicate = arborist(ltree);
      return (ctx) => !!predicate(ctx.update, ctx);
    }
    function preprocess(filter) {
      const valid = UPDATE_KEYS,
        expanded = [filter]
          .flatMap((q) => {
            const [l1, l2, l3] = q;
            if (!(l1 in L1_SHORTCUTS)) return [q];
            if (!l1 && !l2 && !l3) return [q];
            const expanded2 = L1_SHORTCUTS[l1].map((s) => [s, l2, l3]);
            return l2 === void 0 || (l2 in L2_SHORTCUTS && (l2 || l3))
              ? expanded2
              : expanded2.filter(([s]) => {
                  var _a;
                  return !!(!((_a = valid[s]) === null || _a === void 0) && _a[l2]);
                });
          })
          .flatMap((q) => {
            const [l1, l2, l3] = q;
            if (!(l2 in L2_SHORTCUTS)) return [q];
            if (!l2 && !l3) return [q];
            const expanded2 = L2_SHORTCUTS[l2].map((s) => [l1, s, l3]);
            return l3 === void 0
              ? expanded2
              : expanded2.filter(([, s]) => {
                  var _a, _b;
                  return !!(
                    !((_b = (_a = valid[l1]) === null || _a === void 0 ? void 0 : _a[s]) === null || _b === void 0) &&
                    _b[l3]
                  );
                });
          });
      if (expanded.length === 0)
        throw new Error(`Shortcuts in '${filter.join(":")}' do not expand to any valid filter query`);
      return expanded;
    }
    function check(original, preprocessed) {
      if (preprocessed.length === 0) throw new Error("Empty filter query given");
      const errors = preprocessed.map(checkOne).filter((r) => r !== !0);
      if (errors.length === 0) return preprocessed;
      throw errors.length === 1
        ? new Error(errors[0])
        : new Error(
            `Invalid filter query '${original.join(":")}'. There are ${errors.length} errors after expanding the contained shortcuts: ${errors.join("; ")}`,
          );
    }
    function checkOne(filter) {
      const [l1, l2, l3, ...n] = filter;
      if (l1 === void 0) return "Empty filter query given";
      if (!(l1 in UPDATE_KEYS)) {
        const permitted = Object.keys(UPDATE_KEYS);
        return `Invalid L1 filter '${l1}' given in '${filter.join(":")}'. Permitted values are: ${permitted.map((k) => `'${k}'`).join(", ")}.`;
      }
      if (l2 === void 0) return !0;
      const l1Obj = UPDATE_KEYS[l1];
      if (!(l2 in l1Obj)) {
        const permitted = Object.keys(l1Obj);
        return `Invalid L2 filter '${l2}' given in '${filter.join(":")}'. Permitted values are: ${permitted.map((k) => `'${k}'`).join(", ")}.`;
      }
      if (l3 === void 0) return !0;
      const l2Obj = l1Obj[l2];
      if (!(l3 in l2Obj)) {
        const permitted = Object.keys(l2Obj);
        return `Invalid L3 filter '${l3}' given in '${filter.join(":")}'. ${permitted.length === 0 ? `No further filtering is possible after '${l1}:${l2}'.` : `Permitted values are: ${permitted.map((k) => `'${k}'`).join(", ")}.`}`;
      }
      return n.length === 0 ? !0 : `Cannot filter further than three levels, ':${n.join(":")}' is invalid!`;
    }
    function treeify(paths) {
      var _a, _b;
      const tree = {};
      for (const [l1, l2, l3] of paths) {
        const subtree = (_a = tree[l1]) !== null && _a !== void 0 ? _a : (tree[l1] = {});
        if (l2 !== void 0) {
          const set = (_b = subtree[l2]) !== null && _b !== void 0 ? _b : (subtree[l2] = new Set());
          l3 !== void 0 && set.add(l3);
        }
      }
      return tree;
    }
    function or(left, right) {
      return (obj, ctx) => left(obj, ctx) || right(obj, ctx);
    }
    function concat(get, test) {
      return (obj, ctx) => {
        const nextObj = get(obj, ctx);
        return nextObj && test(nextObj, ctx);
      };
    }
    function leaf(pred) {
      return (obj, ctx) => pred(obj, ctx) != null;
    }
    function arborist(tree) {
      const l1Predicates = Object.entries(tree).map(([l1, subtree]) => {
        const l1Pred = (obj) => obj[l1],
          l2Predicates = Object.entries(subtree).map(([l2, set]) => {
            const l2Pred = (obj) => obj[l2],
              l3Predicates = Array.from(set).map((l3) =>
                l3 === "me"
                  ? (obj, ctx) => {
                      const me = ctx.me.id;
                      return testMaybeArray(obj, (u) => u.id === me);
                    }
                  : (obj) => testMaybeArray(obj, (e) => e[l3] || e.type === l3),
              );
            return l3Predicates.length === 0 ? leaf(l2Pred) : concat(l2Pred, l3Predicates.reduce(or));
          });
        return l2Predicates.length === 0 ? leaf(l1Pred) : concat(l1Pred, l2Predicates.reduce(or));
      });
      if (l1Predicates.length === 0) throw new Error("Cannot create filter function for empty query");
      return l1Predicates.reduce(or);
    }
    function testMaybeArray(t, pred) {
      const p = (x) => x != null && pred(x);
      return Array.isArray(t) ? t.some(p) : p(t);
    }
    var ENTITY_KEYS = {
        mention: {},
        hashtag: {},
        cashtag: {},
        bot_command: {},
        url: {},
        email: {},
        phone_number: {},
        bold: {},
        italic: {},
        underline: {},
        strikethrough: {},
        spoiler: {},
        blockquote: {},
        expandable_blockquote: {},
        code: {},
        pre: {},
        text_link: {},
        text_mention: {},
        custom_emoji: {},
        date_time: {},
      },
      USER_KEYS = { me: {}, is_bot: {}, is_premium: {}, added_to_attachment_menu: {} },
      FORWARD_ORIGIN_KEYS = { user: {}, hidden_user: {}, chat: {}, channel: {} },
      STICKER_KEYS = { is_video: {}, is_animated: {}, premium_animation: {} },
      REACTION_KEYS = { emoji: {}, custom_emoji: {}, paid: {} },
      GIFT_INFO_KEYS = { can_be_upgraded: {}, is_upgrade_separate: {}, is_private: {} },
      COMMON_MESSAGE_KEYS = {
        forward_origin: FORWARD_ORIGIN_KEYS,
        is_topic_message: {},
        is_automatic_forward: {},
        guest_query_id: {},
        business_connection_id: {},
        text: {},
        rich_message: {},
        animation: {},
        audio: {},
        document: {},
        live_photo: {},
        paid_media: {},
        photo: {},
        sticker: STICKER_KEYS,
        story: {},
        video: {},
        video_note: {},
        voice: {},
        contact: {},
        dice: {},
        game: {},
        poll: {},
        venue: {},
        location: {},
        entities: ENTITY_KEYS,
        caption_entities: ENTITY_KEYS,
        caption: {},
        link_preview_options: { url: {}, prefer_small_media: {}, prefer_large_media: {}, show_above_text: {} },
        effect_id: {},
        paid_star_count: {},
        has_media_spoiler: {},
        new_chat_title: {},
        new_chat_photo: {},
        delete_chat_photo: {},
        message_auto_delete_timer_changed: {},
        pinned_message: {},
        invoice: {},
        proximity_alert_triggered: {},
        chat_background_set: {},
        giveaway_created: {},
        giveaway: { only_new_members: {}, has_public_winners: {} },
        giveaway_winners: { only_new_members: {}, was_refunded: {} },
        giveaway_completed: {},
        gift: GIFT_INFO_KEYS,
        gift_upgrade_sent: GIFT_INFO_KEYS,
        unique_gift: { transfer_star_count: {}, text: {}, is_private: {} },
        paid_message_price_changed: {},
        video_chat_scheduled: {},
        video_chat_started: {},
        video_chat_ended: {},
        video_chat_participants_invited: {},
        web_app_data: {},
      },
      MESSAGE_KEYS = {
        ...COMMON_MESSAGE_KEYS,
        direct_messages_topic: {},
        chat_owner_left: { new_owner: {} },
        chat_owner_changed: {},
        new_chat_members: USER_KEYS,
        community_chat_joined: {},
        left_chat_member: USER_KEYS,
        group_chat_created: {},
        supergroup_chat_created: {},
        migrate_to_chat_id: {},
        migrate_from_chat_id: {},
        successful_payment: {},
        refunded_payment: {},
        users_shared: {},
        chat_shared: {},
        connected_website: {},
        managed_bot_created: {},
        write_access_allowed: {},
        passport_data: {},
        boost_added: {},
        forum_topic_created: { is_name_implicit: {} },
        forum_topic_edited: { name: {}, icon_custom_emoji_id: {} },
        forum_topic_closed: {},
        forum_topic_reopened: {},
        general_forum_topic_hidden: {},
        general_forum_topic_unhidden: {},
        checklist: { others_can_add_tasks: {}, others_can_mark_tasks_as_done: {} },
        checklist_tasks_done: {},
        checklist_tasks_added: {},
        community_chat_added: {},
        community_chat_removed: {},
        poll_option_added: {},
        poll_option_deleted: {},
        suggested_post_info: {},
        suggested_post_approved: {},
        suggested_post_approval_failed: {},
        suggested_post_declined: {},
        suggested_post_paid: {},
        suggested_post_refunded: {},
        sender_boost_count: {},
      },
      CHANNEL_POST_KEYS = {
        ...COMMON_MESSAGE_KEYS,
        channel_chat_created: {},
        direct_message_price_changed: {},
        is_paid_post: {},
      },
      BUSINESS_CONNECTION_KEYS = { can_reply: {}, is_enabled: {} },
      MESSAGE_REACTION_KEYS = { old_reaction: REACTION_KEYS, new_reaction: REACTION_KEYS },
      MESSAGE_REACTION_COUNT_UPDATED_KEYS = { reactions: REACTION_KEYS },
      CALLBACK_QUERY_KEYS = { data: {}, game_short_name: {} },
      CHAT_MEMBER_UPDATED_KEYS = { from: USER_KEYS },
      UPDATE_KEYS = {
        message: MESSAGE_KEYS,
        edited_message: MESSAGE_KEYS,
        channel_post: CHANNEL_POST_KEYS,
        edited_channel_post: CHANNEL_POST_KEYS,
        business_connection: BUSINESS_CONNECTION_KEYS,
        business_message: MESSAGE_KEYS,
        edited_business_message: MESSAGE_KEYS,
        deleted_business_messages: {},
        guest_message: MESSAGE_KEYS,
        stopped_message_generation: {},
        inline_query: {},
        chosen_inline_result: {},
        callback_query: CALLBACK_QUERY_KEYS,
        shipping_query: {},
        pre_checkout_query: {},
        poll: {},
        poll_answer: {},
        my_chat_member: CHAT_MEMBER_UPDATED_KEYS,
        chat_member: CHAT_MEMBER_UPDATED_KEYS,
        managed_bot: {},
        chat_join_request: {},
        message_reaction: MESSAGE_REACTION_KEYS,
        message_reaction_count: MESSAGE_REACTION_COUNT_UPDATED_KEYS,
        chat_boost: {},
        removed_chat_boost: {},
        purchased_paid_media: {},
        subscription: { state: { canceled: {}, active: {}, failed: {} } },
      },
      L1_SHORTCUTS = {
        "": ["message", "channel_post"],
        msg: ["message", "channel_post"],
        edit: ["edited_message", "edited_channel_post"],
      },
      L2_SHORTCUTS = {
        "": ["entities", "caption_entities"],
        media: ["photo", "live_photo", "video"],
        file: ["photo", "live_photo", "animation", "audio", "document", "video", "video_note", "voice", "sticker"],
      };
  },
});
var require_context = __commonJS({
  "node_modules/grammy/out/context.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.Context = void 0;
    var filter_js_1 = require_filter(),
      checker = {
        filterQuery(filter) {
          const pred = (0, filter_js_1.matchFilter)(filter);
          return (ctx) => pred(ctx);
        },
        text(trigger) {
          const hasText = checker.filterQuery([":text", ":caption"]),
            trg = triggerFn(trigger);
          return (ctx) => {
            var _a, _b;
            if (!hasText(ctx)) return !1;
            const msg = (_a = ctx.message) !== null && _a !== void 0 ? _a : ctx.channelPost,
              txt = (_b = msg.text) !== null && _b !== void 0 ? _b : msg.caption;
            return match(ctx, txt, trg);
          };
        },
        command(command) {
          const hasEntities = checker.filterQuery(":entities:bot_command"),
            atCommands = new Set(),
            noAtCommands = new Set();
          return (
            toArray(command).forEach((cmd) => {
              if (cmd.startsWith("/"))
                throw new Error(
                  `Do not include '/' when registering command handlers (use '${cmd.substring(1)}' not '${cmd}')`,
                );
              (cmd.includes("@") ? atCommands : noAtCommands).add(cmd);
            }),
            (ctx) => {
              var _a, _b;
              if (!hasEntities(ctx)) return !1;
              const msg = (_a = ctx.message) !== null && _a !== void 0 ? _a : ctx.channelPost,
                txt = (_b = msg.text) !== null && _b !== void 0 ? _b : msg.caption;
              return msg.entities.some((e) => {
                if (e.type !== "bot_command" || e.offset !== 0) return !1;
                const cmd = txt.substring(1, e.length);
                if (noAtCommands.has(cmd) || atCommands.has(cmd))
                  return (ctx.match = txt.substring(cmd.length + 1).trimStart()), !0;
                const index = cmd.indexOf("@");
                if (index === -1) return !1;
                const atTarget = cmd.substring(index + 1).toLowerCase(),
                  username = ctx.me.username.toLowerCase();
                if (atTarget !== username) return !1;
                const atCommand = cmd.substring(0, index);
                return noAtCommands.has(atCommand) ? ((ctx.match = txt.substring(cmd.length + 1).trimStart()), !0) : !1;
              });
            }
          );
        },
        reaction(reaction) {
          const hasMessageReaction = checker.filterQuery("message_reaction"),
            normalized =
              typeof reaction == "string"
                ? [{ type: "emoji", emoji: reaction }]
                : (Array.isArray(reaction) ? reaction : [reaction]).map((emoji2) =>
                    typeof emoji2 == "string" ? { type: "emoji", emoji: emoji2 } : emoji2,
                  ),
            emoji = new Set(normalized.filter((r) => r.type === "emoji").map((r) => r.emoji)),
            customEmoji = new Set(normalized.filter((r) => r.type === "custom_emoji").map((r) => r.custom_emoji_id)),
            paid = normalized.some((r) => r.type === "paid");
          return (ctx) => {
            if (!hasMessageReaction(ctx)) return !1;
            const { old_reaction, new_reaction } = ctx.messageReaction;
            for (const reaction2 of new_reaction) {
              let isOld = !1;
              if (reaction2.type === "emoji") {
                for (const old of old_reaction)
                  if (old.type === "emoji" && old.emoji === reaction2.emoji) {
                    isOld = !0;
                    break;
                  }
              } else if (reaction2.type === "custom_emoji") {
                for (const old of old_reaction)
                  if (old.type === "custom_emoji" && old.custom_emoji_id === reaction2.custom_emoji_id) {
                    isOld = !0;
                    break;
                  }
              } else if (reaction2.type === "paid") {
                for (const old of old_reaction)
                  if (old.type === "paid") {
                    isOld = !0;
                    break;
                  }
              }
              if (!isOld)
                if (reaction2.type === "emoji") {
                  if (emoji.has(reaction2.emoji)) return !0;
                } else if (reaction2.type === "custom_emoji") {
                  if (customEmoji.has(reaction2.custom_emoji_id)) return !0;
                } else if (reaction2.type === "paid") {
                  if (paid) return !0;
                } else return !0;
            }
            return !1;
          };
        },
        chatType(chatType) {
          const set = new Set(toArray(chatType));
          return (ctx) => {
            var _a;
            return ((_a = ctx.chat) === null || _a === void 0 ? void 0 : _a.type) !== void 0 && set.has(ctx.chat.type);
          };
        },
        callbackQuery(trigger) {
          const hasCallbackQuery = checker.filterQuery("callback_query:data"),
            trg = triggerFn(trigger);
          return (ctx) => hasCallbackQuery(ctx) && match(ctx, ctx.callbackQuery.data, trg);
        },
        gameQuery(trigger) {
          const hasGameQuery = checker.filterQuery("callback_query:game_short_name"),
            trg = triggerFn(trigger);
          return (ctx) => hasGameQuery(ctx) && match(ctx, ctx.callbackQuery.game_short_name, trg);
        },
        inlineQuery(trigger) {
          const hasInlineQuery = checker.filterQuery("inline_query"),
            trg = triggerFn(trigger);
          return (ctx) => hasInlineQuery(ctx) && match(ctx, ctx.inlineQuery.query, trg);
        },
        chosenInlineResult(trigger) {
          const hasChosenInlineResult = checker.filterQuery("chosen_inline_result"),
            trg = triggerFn(trigger);
          return (ctx) => hasChosenInlineResult(ctx) && match(ctx, ctx.chosenInlineResult.result_id, trg);
        },
        preCheckoutQuery(trigger) {
          const hasPreCheckoutQuery = checker.filterQuery("pre_checkout_query"),
            trg = triggerFn(trigger);
          return (ctx) => hasPreCheckoutQuery(ctx) && match(ctx, ctx.preCheckoutQuery.invoice_payload, trg);
        },
        shippingQuery(trigger) {
          const hasShippingQuery = checker.filterQuery("shipping_query"),
            trg = triggerFn(trigger);
          return (ctx) => hasShippingQuery(ctx) && match(ctx, ctx.shippingQuery.invoice_payload, trg);
        },
      },
      Context = class _Context {
        constructor(update, api, me) {
          (this.update = update), (this.api = api), (this.me = me);
        }
        get message() {
          return this.update.message;
        }
        get editedMessage() {
          return this.update.edited_message;
        }
        get channelPost() {
          return this.update.channel_post;
        }
        get editedChannelPost() {
          return this.update.edited_channel_post;
        }
        get businessConnection() {
          return this.update.business_connection;
        }
        get businessMessage() {
          return this.update.business_message;
        }
        get editedBusinessMessage() {
          return this.update.edited_business_message;
        }
        get deletedBusinessMessages() {
          return this.update.deleted_business_messages;
        }
        get guestMessage() {
          return this.update.guest_message;
        }
        get stoppedMessageGeneration() {
          return this.update.stopped_message_generation;
        }
        get messageReaction() {
          return this.update.message_reaction;
        }
        get messageReactionCount() {
          return this.update.message_reaction_count;
        }
        get inlineQuery() {
          return this.update.inline_query;
        }
        get chosenInlineResult() {
          return this.update.chosen_inline_result;
        }
        get callbackQuery() {
          return this.update.callback_query;
        }
        get shippingQuery() {
          return this.update.shipping_query;
        }
        get preCheckoutQuery() {
          return this.update.pre_checkout_query;
        }
        get poll() {
          return this.update.poll;
        }
        get pollAnswer() {
          return this.update.poll_answer;
        }
        get myChatMember() {
          return this.update.my_chat_member;
        }
        get chatMember() {
          return this.update.chat_member;
        }
        get managedBot() {
          return this.update.managed_bot;
        }
        get chatJoinRequest() {
          return this.update.chat_join_request;
        }
        get chatBoost() {
          return this.update.chat_boost;
        }
        get removedChatBoost() {
          return this.update.removed_chat_boost;
        }
        get purchasedPaidMedia() {
          return this.update.purchased_paid_media;
        }
        get subscription() {
          return this.update.subscription;
        }
        get msg() {
          var _a, _b, _c, _d, _e, _f, _g, _h;
          return (_g =
            (_f =
              (_e =
                (_d =
                  (_c =
                    (_b = (_a = this.message) !== null && _a !== void 0 ? _a : this.editedMessage) !== null &&
                    _b !== void 0
                      ? _b
                      : this.channelPost) !== null && _c !== void 0
                    ? _c
                    : this.editedChannelPost) !== null && _d !== void 0
                  ? _d
                  : this.businessMessage) !== null && _e !== void 0
                ? _e
                : this.editedBusinessMessage) !== null && _f !== void 0
              ? _f
              : this.guestMessage) !== null && _g !== void 0
            ? _g
            : (_h = this.callbackQuery) === null || _h === void 0
              ? void 0
              : _h.message;
        }
        get chat() {
          var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
          return (_k =
            (_j =
              (_h =
                (_g =
                  (_f =
                    (_e =
                      (_d =
                        (_c =
                          (_b = (_a = this.msg) !== null && _a !== void 0 ? _a : this.deletedBusinessMessages) !==
                            null && _b !== void 0
                            ? _b
                            : this.stoppedMessageGeneration) !== null && _c !== void 0
                          ? _c
                          : this.messageReaction) !== null && _d !== void 0
                        ? _d
                        : this.messageReactionCount) !== null && _e !== void 0
                      ? _e
                      : this.myChatMember) !== null && _f !== void 0
                    ? _f
                    : this.chatMember) !== null && _g !== void 0
                  ? _g
                  : this.chatJoinRequest) !== null && _h !== void 0
                ? _h
                : this.chatBoost) !== null && _j !== void 0
              ? _j
              : this.removedChatBoost) === null || _k === void 0
            ? void 0
            : _k.chat;
        }
        get senderChat() {
          var _a;
          return (_a = this.msg) === null || _a === void 0 ? void 0 : _a.sender_chat;
        }
        get from() {
          var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u;
          return (_j =
            (_h =
              (_g =
                (_c =
                  (_b = (_a = this.businessConnection) !== null && _a !== void 0 ? _a : this.messageReaction) !==
                    null && _b !== void 0
                    ? _b
                    : this.managedBot) !== null && _c !== void 0
                  ? _c
                  : (_f =
                        (_e = (_d = this.chatBoost) === null || _d === void 0 ? void 0 : _d.boost) !== null &&
                        _e !== void 0
                          ? _e
                          : this.removedChatBoost) === null || _f === void 0
                    ? void 0
                    : _f.source) !== null && _g !== void 0
                ? _g
                : this.subscription) === null || _h === void 0
              ? void 0
              : _h.user) !== null && _j !== void 0
            ? _j
            : (_u =
                  (_t =
                    (_s =
                      (_r =
                        (_q =
                          (_p =
                            (_o =
                              (_m =
                                (_l = (_k = this.callbackQuery) !== null && _k !== void 0 ? _k : this.msg) !== null &&
                                _l !== void 0
                                  ? _l
                                  : this.inlineQuery) !== null && _m !== void 0
                                ? _m
                                : this.chosenInlineResult) !== null && _o !== void 0
                              ? _o
                              : this.shippingQuery) !== null && _p !== void 0
                            ? _p
                            : this.preCheckoutQuery) !== null && _q !== void 0
                          ? _q
                          : this.myChatMember) !== null && _r !== void 0
                        ? _r
                        : this.chatMember) !== null && _s !== void 0
                      ? _s
                      : this.chatJoinRequest) !== null && _t !== void 0
                    ? _t
                    : this.purchasedPaidMedia) === null || _u === void 0
              ? void 0
              : _u.from;
        }
        get msgId() {
          var _a, _b, _c, _d, _e;
          return (_d =
            (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
              ? _b
              : (_c = this.messageReaction) === null || _c === void 0
                ? void 0
                : _c.message_id) !== null && _d !== void 0
            ? _d
            : (_e = this.messageReactionCount) === null || _e === void 0
              ? void 0
              : _e.message_id;
        }
        get chatId() {
          var _a, _b, _c;
          return (_b = (_a = this.chat) === null || _a === void 0 ? void 0 : _a.id) !== null && _b !== void 0
            ? _b
            : (_c = this.businessConnection) === null || _c === void 0
              ? void 0
              : _c.user_chat_id;
        }
        get inlineMessageId() {
          var _a, _b, _c;
          return (_b = (_a = this.callbackQuery) === null || _a === void 0 ? void 0 : _a.inline_message_id) !== null &&
            _b !== void 0
            ? _b
            : (_c = this.chosenInlineResult) === null || _c === void 0
              ? void 0
              : _c.inline_message_id;
        }
        get businessConnectionId() {
          var _a, _b, _c, _d, _e;
          return (_d =
            (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.business_connection_id) !== null &&
            _b !== void 0
              ? _b
              : (_c = this.businessConnection) === null || _c === void 0
                ? void 0
                : _c.id) !== null && _d !== void 0
            ? _d
            : (_e = this.deletedBusinessMessages) === null || _e === void 0
              ? void 0
              : _e.business_connection_id;
        }
        entities(types) {
          var _a, _b;
          const message = this.msg;
          if (message === void 0) return [];
          const text = (_a = message.text) !== null && _a !== void 0 ? _a : message.caption;
          if (text === void 0) return [];
          let entities = (_b = message.entities) !== null && _b !== void 0 ? _b : message.caption_entities;
          if (entities === void 0) return [];
          if (types !== void 0) {
            const filters = new Set(toArray(types));
            entities = entities.filter((entity) => filters.has(entity.type));
          }
          return entities.map((entity) => ({
            ...entity,
            text: text.substring(entity.offset, entity.offset + entity.length),
          }));
        }
        reactions() {
          let emoji = [],
            emojiAdded = [],
            emojiKept = [],
            emojiRemoved = [],
            customEmoji = [],
            customEmojiAdded = [],
            customEmojiKept = [],
            customEmojiRemoved = [],
            paid = !1,
            paidAdded = !1,
            r = this.messageReaction;
          if (r !== void 0) {
            const { old_reaction, new_reaction } = r;
            for (const reaction of new_reaction)
              reaction.type === "emoji"
                ? emoji.push(reaction.emoji)
                : reaction.type === "custom_emoji"
                  ? customEmoji.push(reaction.custom_emoji_id)
                  : reaction.type === "paid" && (paid = paidAdded = !0);
            for (const reaction of old_reaction)
              reaction.type === "emoji"
                ? emojiRemoved.push(reaction.emoji)
                : reaction.type === "custom_emoji"
                  ? customEmojiRemoved.push(reaction.custom_emoji_id)
                  : reaction.type === "paid" && (paidAdded = !1);
            emojiAdded.push(...emoji), customEmojiAdded.push(...customEmoji);
            for (let i = 0; i < emojiRemoved.length; i++) {
              const len = emojiAdded.length;
              if (len === 0) break;
              const rem = emojiRemoved[i];
              for (let j = 0; j < len; j++)
                if (rem === emojiAdded[j]) {
                  emojiKept.push(rem), emojiRemoved.splice(i, 1), emojiAdded.splice(j, 1), i--;
                  break;
                }
            }
            for (let i = 0; i < customEmojiRemoved.length; i++) {
              const len = customEmojiAdded.length;
              if (len === 0) break;
              const rem = customEmojiRemoved[i];
              for (let j = 0; j < len; j++)
                if (rem === customEmojiAdded[j]) {
                  customEmojiKept.push(rem), customEmojiRemoved.splice(i, 1), customEmojiAdded.splice(j, 1), i--;
                  break;
                }
            }
          }
          return {
            emoji,
            emojiAdded,
            emojiKept,
            emojiRemoved,
            customEmoji,
            customEmojiAdded,
            customEmojiKept,
            customEmojiRemoved,
            paid,
            paidAdded,
          };
        }
        has(filter) {
          return _Context.has.filterQuery(filter)(this);
        }
        hasText(trigger) {
          return _Context.has.text(trigger)(this);
        }
        hasCommand(command) {
          return _Context.has.command(command)(this);
        }
        hasReaction(reaction) {
          return _Context.has.reaction(reaction)(this);
        }
        hasChatType(chatType) {
          return _Context.has.chatType(chatType)(this);
        }
        hasCallbackQuery(trigger) {
          return _Context.has.callbackQuery(trigger)(this);
        }
        hasGameQuery(trigger) {
          return _Context.has.gameQuery(trigger)(this);
        }
        hasInlineQuery(trigger) {
          return _Context.has.inlineQuery(trigger)(this);
        }
        hasChosenInlineResult(trigger) {
          return _Context.has.chosenInlineResult(trigger)(this);
        }
        hasPreCheckoutQuery(trigger) {
          return _Context.has.preCheckoutQuery(trigger)(this);
        }
        hasShippingQuery(trigger) {
          return _Context.has.shippingQuery(trigger)(this);
        }
        reply(text, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendMessage(
            orThrow(this.chatId, "sendMessage"),
            text,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithRichMessage(rich_message, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendRichMessage(
            orThrow(this.chatId, "sendRichMessage"),
            rich_message,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        forwardMessage(chat_id, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.forwardMessage(
            chat_id,
            orThrow(this.chatId, "forwardMessage"),
            orThrow(this.msgId, "forwardMessage"),
            {
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        forwardMessages(chat_id, message_ids, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.forwardMessages(
            chat_id,
            orThrow(this.chatId, "forwardMessages"),
            message_ids,
            {
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        copyMessage(chat_id, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.copyMessage(
            chat_id,
            orThrow(this.chatId, "copyMessage"),
            orThrow(this.msgId, "copyMessage"),
            {
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        copyMessages(chat_id, message_ids, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.copyMessages(
            chat_id,
            orThrow(this.chatId, "copyMessages"),
            message_ids,
            {
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithPhoto(photo, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendPhoto(
            orThrow(this.chatId, "sendPhoto"),
            photo,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithLivePhoto(live_photo, photo, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendLivePhoto(
            orThrow(this.chatId, "sendLivePhoto"),
            live_photo,
            photo,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithAudio(audio, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendAudio(
            orThrow(this.chatId, "sendAudio"),
            audio,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithDocument(document, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendDocument(
            orThrow(this.chatId, "sendDocument"),
            document,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithVideo(video, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendVideo(
            orThrow(this.chatId, "sendVideo"),
            video,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithAnimation(animation, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendAnimation(
            orThrow(this.chatId, "sendAnimation"),
            animation,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithVoice(voice, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendVoice(
            orThrow(this.chatId, "sendVoice"),
            voice,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithVideoNote(video_note, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendVideoNote(
            orThrow(this.chatId, "sendVideoNote"),
            video_note,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        sendPaidMedia(...args) {
          return this.replyWithPaidMedia(...args);
        }
        replyWithPaidMedia(star_count, media, other, signal) {
          var _a, _b;
          const msg = this.msg;
          return this.api.sendPaidMedia(
            orThrow(this.chatId, "sendPaidMedia"),
            star_count,
            media,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.direct_messages_topic) === null ||
                _b === void 0
                  ? void 0
                  : _b.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithMediaGroup(media, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendMediaGroup(
            orThrow(this.chatId, "sendMediaGroup"),
            media,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithLocation(latitude, longitude, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendLocation(
            orThrow(this.chatId, "sendLocation"),
            latitude,
            longitude,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        editMessageLiveLocation(latitude, longitude, other, signal) {
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.editMessageLiveLocationInline(
                inlineId,
                latitude,
                longitude,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.editMessageLiveLocation(
                orThrow(this.chatId, "editMessageLiveLocation"),
                orThrow(this.msgId, "editMessageLiveLocation"),
                latitude,
                longitude,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        stopMessageLiveLocation(other, signal) {
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.stopMessageLiveLocationInline(
                inlineId,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.stopMessageLiveLocation(
                orThrow(this.chatId, "stopMessageLiveLocation"),
                orThrow(this.msgId, "stopMessageLiveLocation"),
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        replyWithVenue(latitude, longitude, title, address, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendVenue(
            orThrow(this.chatId, "sendVenue"),
            latitude,
            longitude,
            title,
            address,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithContact(phone_number, first_name, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendContact(
            orThrow(this.chatId, "sendContact"),
            phone_number,
            first_name,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithPoll(question, options, other, signal) {
          const msg = this.msg;
          return this.api.sendPoll(
            orThrow(this.chatId, "sendPoll"),
            question,
            options,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              ...other,
            },
            signal,
          );
        }
        replyWithChecklist(checklist, other, signal) {
          return this.api.sendChecklist(
            orThrow(this.businessConnectionId, "sendChecklist"),
            orThrow(this.chatId, "sendChecklist"),
            checklist,
            other,
            signal,
          );
        }
        editMessageChecklist(checklist, other, signal) {
          var _a, _b, _c, _d;
          const msg = orThrow(this.msg, "editMessageChecklist"),
            target =
              (_d =
                (_b = (_a = msg.checklist_tasks_done) === null || _a === void 0 ? void 0 : _a.checklist_message) !==
                  null && _b !== void 0
                  ? _b
                  : (_c = msg.checklist_tasks_added) === null || _c === void 0
                    ? void 0
                    : _c.checklist_message) !== null && _d !== void 0
                ? _d
                : msg;
          return this.api.editMessageChecklist(
            orThrow(this.businessConnectionId, "editMessageChecklist"),
            orThrow(target.chat.id, "editMessageChecklist"),
            orThrow(target.message_id, "editMessageChecklist"),
            checklist,
            other,
            signal,
          );
        }
        replyWithDice(emoji, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendDice(
            orThrow(this.chatId, "sendDice"),
            emoji,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        replyWithChatAction(action, other, signal) {
          const msg = this.msg;
          return this.api.sendChatAction(
            orThrow(this.chatId, "sendChatAction"),
            action,
            { business_connection_id: this.businessConnectionId, message_thread_id: msg?.message_thread_id, ...other },
            signal,
          );
        }
        react(reaction, other, signal) {
          return this.api.setMessageReaction(
            orThrow(this.chatId, "setMessageReaction"),
            orThrow(this.msgId, "setMessageReaction"),
            typeof reaction == "string"
              ? [{ type: "emoji", emoji: reaction }]
              : (Array.isArray(reaction) ? reaction : [reaction]).map((emoji) =>
                  typeof emoji == "string" ? { type: "emoji", emoji } : emoji,
                ),
            other,
            signal,
          );
        }
        replyWithDraft(text, other, signal) {
          const msg = this.msg;
          return this.api.sendMessageDraft(
            orThrow(this.chatId, "sendMessageDraft"),
            this.update.update_id,
            text,
            { ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}), ...other },
            signal,
          );
        }
        replyWithRichMessageDraft(rich_message, other, signal) {
          const msg = this.msg;
          return this.api.sendRichMessageDraft(
            orThrow(this.chatId, "sendMessageDraft"),
            this.update.update_id,
            rich_message,
            { ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}), ...other },
            signal,
          );
        }
        getUserProfilePhotos(other, signal) {
          return this.api.getUserProfilePhotos(orThrow(this.from, "getUserProfilePhotos").id, other, signal);
        }
        getUserProfileAudios(other, signal) {
          return this.api.getUserProfileAudios(orThrow(this.from, "getUserProfileAudios").id, other, signal);
        }
        setUserEmojiStatus(other, signal) {
          return this.api.setUserEmojiStatus(orThrow(this.from, "setUserEmojiStatus").id, other, signal);
        }
        getUserChatBoosts(chat_id, signal) {
          return this.api.getUserChatBoosts(
            chat_id ?? orThrow(this.chatId, "getUserChatBoosts"),
            orThrow(this.from, "getUserChatBoosts").id,
            signal,
          );
        }
        getUserGifts(other, signal) {
          return this.api.getUserGifts(orThrow(this.from, "getUserGifts").id, other, signal);
        }
        getChatGifts(other, signal) {
          return this.api.getChatGifts(orThrow(this.chatId, "getChatGifts"), other, signal);
        }
        getBusinessConnection(signal) {
          return this.api.getBusinessConnection(orThrow(this.businessConnectionId, "getBusinessConnection"), signal);
        }
        getManagedBotToken(signal) {
          return this.api.getManagedBotToken(orThrow(this.managedBot, "getManagedBotToken").bot.id, signal);
        }
        replaceManagedBotToken(signal) {
          return this.api.replaceManagedBotToken(orThrow(this.managedBot, "getManagedBotToken").bot.id, signal);
        }
        getManagedBotAccessSettings(signal) {
          return this.api.getManagedBotAccessSettings(
            orThrow(this.managedBot, "getManagedBotAccessSettings").bot.id,
            signal,
          );
        }
        setManagedBotAccessSettings(is_access_restricted, other, signal) {
          return this.api.setManagedBotAccessSettings(
            orThrow(this.managedBot, "setManagedBotAccessSettings").bot.id,
            is_access_restricted,
            other,
            signal,
          );
        }
        getFile(signal) {
          var _a, _b, _c, _d, _e, _f;
          const m = orThrow(this.msg, "getFile"),
            file =
              m.photo !== void 0
                ? m.photo[m.photo.length - 1]
                : (_f =
                      (_e =
                        (_d =
                          (_c =
                            (_b = (_a = m.animation) !== null && _a !== void 0 ? _a : m.audio) !== null && _b !== void 0
                              ? _b
                              : m.document) !== null && _c !== void 0
                            ? _c
                            : m.video) !== null && _d !== void 0
                          ? _d
                          : m.video_note) !== null && _e !== void 0
                        ? _e
                        : m.voice) !== null && _f !== void 0
                  ? _f
                  : m.sticker;
          return this.api.getFile(orThrow(file, "getFile").file_id, signal);
        }
        kickAuthor(...args) {
          return this.banAuthor(...args);
        }
        banAuthor(other, signal) {
          return this.api.banChatMember(
            orThrow(this.chatId, "banAuthor"),
            orThrow(this.from, "banAuthor").id,
            other,
            signal,
          );
        }
        kickChatMember(...args) {
          return this.banChatMember(...args);
        }
        banChatMember(user_id, other, signal) {
          return this.api.banChatMember(orThrow(this.chatId, "banChatMember"), user_id, other, signal);
        }
        unbanChatMember(user_id, other, signal) {
          return this.api.unbanChatMember(orThrow(this.chatId, "unbanChatMember"), user_id, other, signal);
        }
        restrictAuthor(permissions, other, signal) {
          return this.api.restrictChatMember(
            orThrow(this.chatId, "restrictAuthor"),
            orThrow(this.from, "restrictAuthor").id,
            permissions,
            other,
            signal,
          );
        }
        restrictChatMember(user_id, permissions, other, signal) {
          return this.api.restrictChatMember(
            orThrow(this.chatId, "restrictChatMember"),
            user_id,
            permissions,
            other,
            signal,
          );
        }
        promoteAuthor(other, signal) {
          return this.api.promoteChatMember(
            orThrow(this.chatId, "promoteAuthor"),
            orThrow(this.from, "promoteAuthor").id,
            other,
            signal,
          );
        }
        promoteChatMember(user_id, other, signal) {
          return this.api.promoteChatMember(orThrow(this.chatId, "promoteChatMember"), user_id, other, signal);
        }
        setChatAdministratorAuthorCustomTitle(custom_title, signal) {
          return this.api.setChatAdministratorCustomTitle(
            orThrow(this.chatId, "setChatAdministratorAuthorCustomTitle"),
            orThrow(this.from, "setChatAdministratorAuthorCustomTitle").id,
            custom_title,
            signal,
          );
        }
        setChatAdministratorCustomTitle(user_id, custom_title, signal) {
          return this.api.setChatAdministratorCustomTitle(
            orThrow(this.chatId, "setChatAdministratorCustomTitle"),
            user_id,
            custom_title,
            signal,
          );
        }
        setAuthorTag(tag, signal) {
          return this.api.setChatMemberTag(
            orThrow(this.chatId, "setChatMemberTag"),
            orThrow(this.from, "setChatMemberTag").id,
            tag,
            signal,
          );
        }
        setChatMemberTag(user_id, tag, signal) {
          return this.api.setChatMemberTag(orThrow(this.chatId, "setChatMemberTag"), user_id, tag, signal);
        }
        banChatSenderChat(sender_chat_id, signal) {
          return this.api.banChatSenderChat(orThrow(this.chatId, "banChatSenderChat"), sender_chat_id, signal);
        }
        unbanChatSenderChat(sender_chat_id, signal) {
          return this.api.unbanChatSenderChat(orThrow(this.chatId, "unbanChatSenderChat"), sender_chat_id, signal);
        }
        setChatPermissions(permissions, other, signal) {
          return this.api.setChatPermissions(orThrow(this.chatId, "setChatPermissions"), permissions, other, signal);
        }
        exportChatInviteLink(signal) {
          return this.api.exportChatInviteLink(orThrow(this.chatId, "exportChatInviteLink"), signal);
        }
        createChatInviteLink(other, signal) {
          return this.api.createChatInviteLink(orThrow(this.chatId, "createChatInviteLink"), other, signal);
        }
        editChatInviteLink(invite_link, other, signal) {
          return this.api.editChatInviteLink(orThrow(this.chatId, "editChatInviteLink"), invite_link, other, signal);
        }
        createChatSubscriptionInviteLink(subscription_period, subscription_price, other, signal) {
          return this.api.createChatSubscriptionInviteLink(
            orThrow(this.chatId, "createChatSubscriptionInviteLink"),
            subscription_period,
            subscription_price,
            other,
            signal,
          );
        }
        editChatSubscriptionInviteLink(invite_link, other, signal) {
          return this.api.editChatSubscriptionInviteLink(
            orThrow(this.chatId, "editChatSubscriptionInviteLink"),
            invite_link,
            other,
            signal,
          );
        }
        revokeChatInviteLink(invite_link, signal) {
          return this.api.revokeChatInviteLink(orThrow(this.chatId, "editChatInviteLink"), invite_link, signal);
        }
        approveChatJoinRequest(user_id, signal) {
          return this.api.approveChatJoinRequest(orThrow(this.chatId, "approveChatJoinRequest"), user_id, signal);
        }
        declineChatJoinRequest(user_id, signal) {
          return this.api.declineChatJoinRequest(orThrow(this.chatId, "declineChatJoinRequest"), user_id, signal);
        }
        answerChatJoinRequestQuery(result, signal) {
          var _a;
          return this.api.answerChatJoinRequestQuery(
            orThrow(
              (_a = this.chatJoinRequest) === null || _a === void 0 ? void 0 : _a.query_id,
              "answerChatJoinRequestQuery",
            ),
            result,
            signal,
          );
        }
        replyWithChatJoinRequestWebApp(web_app_url, signal) {
          var _a;
          return this.api.sendChatJoinRequestWebApp(
            orThrow(
              (_a = this.chatJoinRequest) === null || _a === void 0 ? void 0 : _a.query_id,
              "answerChatJoinRequestQuery",
            ),
            web_app_url,
            signal,
          );
        }
        approveSuggestedPost(other, signal) {
          return this.api.approveSuggestedPost(
            orThrow(this.chatId, "approveSuggestedPost"),
            orThrow(this.msgId, "approveSuggestedPost"),
            other,
            signal,
          );
        }
        declineSuggestedPost(other, signal) {
          return this.api.declineSuggestedPost(
            orThrow(this.chatId, "declineSuggestedPost"),
            orThrow(this.msgId, "declineSuggestedPost"),
            other,
            signal,
          );
        }
        setChatPhoto(photo, signal) {
          return this.api.setChatPhoto(orThrow(this.chatId, "setChatPhoto"), photo, signal);
        }
        deleteChatPhoto(signal) {
          return this.api.deleteChatPhoto(orThrow(this.chatId, "deleteChatPhoto"), signal);
        }
        setChatTitle(title, signal) {
          return this.api.setChatTitle(orThrow(this.chatId, "setChatTitle"), title, signal);
        }
        setChatDescription(description, signal) {
          return this.api.setChatDescription(orThrow(this.chatId, "setChatDescription"), description, signal);
        }
        pinChatMessage(message_id, other, signal) {
          return this.api.pinChatMessage(
            orThrow(this.chatId, "pinChatMessage"),
            message_id,
            { business_connection_id: this.businessConnectionId, ...other },
            signal,
          );
        }
        unpinChatMessage(message_id, other, signal) {
          return this.api.unpinChatMessage(
            orThrow(this.chatId, "unpinChatMessage"),
            message_id,
            { business_connection_id: this.businessConnectionId, ...other },
            signal,
          );
        }
        unpinAllChatMessages(signal) {
          return this.api.unpinAllChatMessages(orThrow(this.chatId, "unpinAllChatMessages"), signal);
        }
        leaveChat(signal) {
          return this.api.leaveChat(orThrow(this.chatId, "leaveChat"), signal);
        }
        getChat(signal) {
          return this.api.getChat(orThrow(this.chatId, "getChat"), signal);
        }
        getChatAdministrators(other, signal) {
          return this.api.getChatAdministrators(orThrow(this.chatId, "getChatAdministrators"), other, signal);
        }
        getChatMembersCount(...args) {
          return this.getChatMemberCount(...args);
        }
        getChatMemberCount(signal) {
          return this.api.getChatMemberCount(orThrow(this.chatId, "getChatMemberCount"), signal);
        }
        getAuthor(signal) {
          return this.api.getChatMember(orThrow(this.chatId, "getAuthor"), orThrow(this.from, "getAuthor").id, signal);
        }
        getChatMember(user_id, signal) {
          return this.api.getChatMember(orThrow(this.chatId, "getChatMember"), user_id, signal);
        }
        getUserPersonalChatMessages(limit, signal) {
          return this.api.getUserPersonalChatMessages(
            orThrow(this.from, "getUserPersonalChatMessages").id,
            limit,
            signal,
          );
        }
        setChatStickerSet(sticker_set_name, signal) {
          return this.api.setChatStickerSet(orThrow(this.chatId, "setChatStickerSet"), sticker_set_name, signal);
        }
        deleteChatStickerSet(signal) {
          return this.api.deleteChatStickerSet(orThrow(this.chatId, "deleteChatStickerSet"), signal);
        }
        createForumTopic(name, other, signal) {
          return this.api.createForumTopic(orThrow(this.chatId, "createForumTopic"), name, other, signal);
        }
        editForumTopic(other, signal) {
          const message = orThrow(this.msg, "editForumTopic"),
            thread = orThrow(message.message_thread_id, "editForumTopic");
          return this.api.editForumTopic(message.chat.id, thread, other, signal);
        }
        closeForumTopic(signal) {
          const message = orThrow(this.msg, "closeForumTopic"),
            thread = orThrow(message.message_thread_id, "closeForumTopic");
          return this.api.closeForumTopic(message.chat.id, thread, signal);
        }
        reopenForumTopic(signal) {
          const message = orThrow(this.msg, "reopenForumTopic"),
            thread = orThrow(message.message_thread_id, "reopenForumTopic");
          return this.api.reopenForumTopic(message.chat.id, thread, signal);
        }
        deleteForumTopic(signal) {
          const message = orThrow(this.msg, "deleteForumTopic"),
            thread = orThrow(message.message_thread_id, "deleteForumTopic");
          return this.api.deleteForumTopic(message.chat.id, thread, signal);
        }
        unpinAllForumTopicMessages(signal) {
          const message = orThrow(this.msg, "unpinAllForumTopicMessages"),
            thread = orThrow(message.message_thread_id, "unpinAllForumTopicMessages");
          return this.api.unpinAllForumTopicMessages(message.chat.id, thread, signal);
        }
        editGeneralForumTopic(name, signal) {
          return this.api.editGeneralForumTopic(orThrow(this.chatId, "editGeneralForumTopic"), name, signal);
        }
        closeGeneralForumTopic(signal) {
          return this.api.closeGeneralForumTopic(orThrow(this.chatId, "closeGeneralForumTopic"), signal);
        }
        reopenGeneralForumTopic(signal) {
          return this.api.reopenGeneralForumTopic(orThrow(this.chatId, "reopenGeneralForumTopic"), signal);
        }
        hideGeneralForumTopic(signal) {
          return this.api.hideGeneralForumTopic(orThrow(this.chatId, "hideGeneralForumTopic"), signal);
        }
        unhideGeneralForumTopic(signal) {
          return this.api.unhideGeneralForumTopic(orThrow(this.chatId, "unhideGeneralForumTopic"), signal);
        }
        unpinAllGeneralForumTopicMessages(signal) {
          return this.api.unpinAllGeneralForumTopicMessages(
            orThrow(this.chatId, "unpinAllGeneralForumTopicMessages"),
            signal,
          );
        }
        answerCallbackQuery(other, signal) {
          return this.api.answerCallbackQuery(
            orThrow(this.callbackQuery, "answerCallbackQuery").id,
            typeof other == "string" ? { text: other } : other,
            signal,
          );
        }
        answerGuestQuery(result, signal) {
          var _a;
          return this.api.answerGuestQuery(
            orThrow(
              (_a = this.guestMessage) === null || _a === void 0 ? void 0 : _a.guest_query_id,
              "answerGuestQuery",
            ),
            result,
            signal,
          );
        }
        setChatMenuButton(other, signal) {
          return this.api.setChatMenuButton(other, signal);
        }
        getChatMenuButton(other, signal) {
          return this.api.getChatMenuButton(other, signal);
        }
        setMyDefaultAdministratorRights(other, signal) {
          return this.api.setMyDefaultAdministratorRights(other, signal);
        }
        getMyDefaultAdministratorRights(other, signal) {
          return this.api.getMyDefaultAdministratorRights(other, signal);
        }
        editMessageText(text, other, signal) {
          var _a, _b, _c, _d, _e;
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.editMessageTextInline(
                inlineId,
                text,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.editMessageText(
                orThrow(this.chatId, "editMessageText"),
                orThrow(
                  (_d =
                    (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                      ? _b
                      : (_c = this.messageReaction) === null || _c === void 0
                        ? void 0
                        : _c.message_id) !== null && _d !== void 0
                    ? _d
                    : (_e = this.messageReactionCount) === null || _e === void 0
                      ? void 0
                      : _e.message_id,
                  "editMessageText",
                ),
                text,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        editMessageCaption(other, signal) {
          var _a, _b, _c, _d, _e;
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.editMessageCaptionInline(
                inlineId,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.editMessageCaption(
                orThrow(this.chatId, "editMessageCaption"),
                orThrow(
                  (_d =
                    (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                      ? _b
                      : (_c = this.messageReaction) === null || _c === void 0
                        ? void 0
                        : _c.message_id) !== null && _d !== void 0
                    ? _d
                    : (_e = this.messageReactionCount) === null || _e === void 0
                      ? void 0
                      : _e.message_id,
                  "editMessageCaption",
                ),
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        editMessageMedia(media, other, signal) {
          var _a, _b, _c, _d, _e;
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.editMessageMediaInline(
                inlineId,
                media,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.editMessageMedia(
                orThrow(this.chatId, "editMessageMedia"),
                orThrow(
                  (_d =
                    (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                      ? _b
                      : (_c = this.messageReaction) === null || _c === void 0
                        ? void 0
                        : _c.message_id) !== null && _d !== void 0
                    ? _d
                    : (_e = this.messageReactionCount) === null || _e === void 0
                      ? void 0
                      : _e.message_id,
                  "editMessageMedia",
                ),
                media,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        editMessageReplyMarkup(other, signal) {
          var _a, _b, _c, _d, _e;
          const inlineId = this.inlineMessageId;
          return inlineId !== void 0
            ? this.api.editMessageReplyMarkupInline(
                inlineId,
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              )
            : this.api.editMessageReplyMarkup(
                orThrow(this.chatId, "editMessageReplyMarkup"),
                orThrow(
                  (_d =
                    (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                      ? _b
                      : (_c = this.messageReaction) === null || _c === void 0
                        ? void 0
                        : _c.message_id) !== null && _d !== void 0
                    ? _d
                    : (_e = this.messageReactionCount) === null || _e === void 0
                      ? void 0
                      : _e.message_id,
                  "editMessageReplyMarkup",
                ),
                { business_connection_id: this.businessConnectionId, ...other },
                signal,
              );
        }
        stopPoll(other, signal) {
          var _a, _b, _c, _d, _e;
          return this.api.stopPoll(
            orThrow(this.chatId, "stopPoll"),
            orThrow(
              (_d =
                (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                  ? _b
                  : (_c = this.messageReaction) === null || _c === void 0
                    ? void 0
                    : _c.message_id) !== null && _d !== void 0
                ? _d
                : (_e = this.messageReactionCount) === null || _e === void 0
                  ? void 0
                  : _e.message_id,
              "stopPoll",
            ),
            { business_connection_id: this.businessConnectionId, ...other },
            signal,
          );
        }
        editEphemeralMessageText(text_or_rich_message, other, signal) {
          const msg = orThrow(this.msg, "editEphemeralMessageText");
          return this.api.editEphemeralMessageText(
            msg.chat.id,
            orThrow(msg.receiver_user, "editEphemeralMessageText").id,
            orThrow(msg.ephemeral_message_id, "editEphemeralMessageText"),
            text_or_rich_message,
            other,
            signal,
          );
        }
        editEphemeralMessageMedia(media, other, signal) {
          const msg = orThrow(this.msg, "editEphemeralMessageMedia");
          return this.api.editEphemeralMessageMedia(
            msg.chat.id,
            orThrow(msg.receiver_user, "editEphemeralMessageMedia").id,
            orThrow(msg.ephemeral_message_id, "editEphemeralMessageMedia"),
            media,
            other,
            signal,
          );
        }
        editEphemeralMessageCaption(caption, other, signal) {
          const msg = orThrow(this.msg, "editEphemeralMessageCaption");
          return this.api.editEphemeralMessageCaption(
            msg.chat.id,
            orThrow(msg.receiver_user, "editEphemeralMessageCaption").id,
            orThrow(msg.ephemeral_message_id, "editEphemeralMessageCaption"),
            caption,
            other,
            signal,
          );
        }
        editEphemeralMessageReplyMarkup(other, signal) {
          const msg = orThrow(this.msg, "editEphemeralMessageReplyMarkup");
          return this.api.editEphemeralMessageReplyMarkup(
            msg.chat.id,
            orThrow(msg.receiver_user, "editEphemeralMessageReplyMarkup").id,
            orThrow(msg.ephemeral_message_id, "editEphemeralMessageReplyMarkup"),
            other,
            signal,
          );
        }
        deleteMessage(signal) {
          var _a, _b, _c, _d, _e;
          return this.api.deleteMessage(
            orThrow(this.chatId, "deleteMessage"),
            orThrow(
              (_d =
                (_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.message_id) !== null && _b !== void 0
                  ? _b
                  : (_c = this.messageReaction) === null || _c === void 0
                    ? void 0
                    : _c.message_id) !== null && _d !== void 0
                ? _d
                : (_e = this.messageReactionCount) === null || _e === void 0
                  ? void 0
                  : _e.message_id,
              "deleteMessage",
            ),
            signal,
          );
        }
        deleteMessages(message_ids, signal) {
          return this.api.deleteMessages(orThrow(this.chatId, "deleteMessages"), message_ids, signal);
        }
        deleteEphemeralMessage(signal) {
          const msg = orThrow(this.msg, "deleteEphemeralMessage");
          return this.api.deleteEphemeralMessage(
            msg.chat.id,
            orThrow(msg.receiver_user, "deleteEphemeralMessage").id,
            orThrow(msg.ephemeral_message_id, "deleteEphemeralMessage"),
            signal,
          );
        }
        deleteMessageReaction(other, signal) {
          const reaction = orThrow(this.messageReaction, "deleteMessageReaction");
          if (reaction.user !== void 0) return this.deleteMessageReactionUser(reaction.user.id, other, signal);
          if (reaction.actor_chat !== void 0)
            return this.deleteMessageReactionChat(reaction.actor_chat.id, other, signal);
          throw new Error("Missing information from message_reaction update for API call to deleteMessageReaction");
        }
        deleteMessageReactionUser(user_id, other, signal) {
          return this.api.deleteMessageReactionUser(
            orThrow(this.chatId, "deleteMessageReactionUser"),
            orThrow(this.msgId, "deleteMessageReactionUser"),
            user_id,
            other,
            signal,
          );
        }
        deleteMessageReactionChat(actor_chat_id, other, signal) {
          return this.api.deleteMessageReactionChat(
            orThrow(this.chatId, "deleteMessageReactionChat"),
            orThrow(this.msgId, "deleteMessageReactionChat"),
            actor_chat_id,
            other,
            signal,
          );
        }
        deleteAllMessageReactions(other, signal) {
          var _a, _b, _c, _d;
          const chatId = orThrow(this.chatId, "deleteAllMessageReactions"),
            actor =
              (_c =
                (_b = (_a = this.messageReaction) === null || _a === void 0 ? void 0 : _a.actor_chat) !== null &&
                _b !== void 0
                  ? _b
                  : this.senderChat) !== null && _c !== void 0
                ? _c
                : (_d = this.pollAnswer) === null || _d === void 0
                  ? void 0
                  : _d.voter_chat;
          if (actor !== void 0) return this.api.deleteAllMessageReactionsChat(chatId, actor.id, other, signal);
          const userId = orThrow(this.from, "deleteAllMessageReactions").id;
          return this.api.deleteAllMessageReactionsUser(chatId, userId, other, signal);
        }
        deleteAllMessageReactionsUser(user_id, other, signal) {
          return this.api.deleteAllMessageReactionsUser(
            orThrow(this.chatId, "deleteAllMessageReactionsUser"),
            user_id,
            other,
            signal,
          );
        }
        deleteAllMessageReactionsChat(actor_chat_id, other, signal) {
          return this.api.deleteAllMessageReactionsChat(
            orThrow(this.chatId, "deleteAllMessageReactionsChat"),
            actor_chat_id,
            other,
            signal,
          );
        }
        deleteBusinessMessages(message_ids, signal) {
          return this.api.deleteBusinessMessages(
            orThrow(this.businessConnectionId, "deleteBusinessMessages"),
            message_ids,
            signal,
          );
        }
        setBusinessAccountName(first_name, other, signal) {
          return this.api.setBusinessAccountName(
            orThrow(this.businessConnectionId, "setBusinessAccountName"),
            first_name,
            other,
            signal,
          );
        }
        setBusinessAccountUsername(username, signal) {
          return this.api.setBusinessAccountUsername(
            orThrow(this.businessConnectionId, "setBusinessAccountUsername"),
            username,
            signal,
          );
        }
        setBusinessAccountBio(bio, signal) {
          return this.api.setBusinessAccountBio(
            orThrow(this.businessConnectionId, "setBusinessAccountBio"),
            bio,
            signal,
          );
        }
        setBusinessAccountProfilePhoto(photo, other, signal) {
          return this.api.setBusinessAccountProfilePhoto(
            orThrow(this.businessConnectionId, "setBusinessAccountProfilePhoto"),
            photo,
            other,
            signal,
          );
        }
        removeBusinessAccountProfilePhoto(other, signal) {
          return this.api.removeBusinessAccountProfilePhoto(
            orThrow(this.businessConnectionId, "removeBusinessAccountProfilePhoto"),
            other,
            signal,
          );
        }
        setBusinessAccountGiftSettings(show_gift_button, accepted_gift_types, signal) {
          return this.api.setBusinessAccountGiftSettings(
            orThrow(this.businessConnectionId, "setBusinessAccountGiftSettings"),
            show_gift_button,
            accepted_gift_types,
            signal,
          );
        }
        getBusinessAccountStarBalance(signal) {
          return this.api.getBusinessAccountStarBalance(
            orThrow(this.businessConnectionId, "getBusinessAccountStarBalance"),
            signal,
          );
        }
        transferBusinessAccountStars(star_count, signal) {
          return this.api.transferBusinessAccountStars(
            orThrow(this.businessConnectionId, "transferBusinessAccountStars"),
            star_count,
            signal,
          );
        }
        getBusinessAccountGifts(other, signal) {
          return this.api.getBusinessAccountGifts(
            orThrow(this.businessConnectionId, "getBusinessAccountGifts"),
            other,
            signal,
          );
        }
        convertGiftToStars(owned_gift_id, signal) {
          return this.api.convertGiftToStars(
            orThrow(this.businessConnectionId, "convertGiftToStars"),
            owned_gift_id,
            signal,
          );
        }
        upgradeGift(owned_gift_id, other, signal) {
          return this.api.upgradeGift(orThrow(this.businessConnectionId, "upgradeGift"), owned_gift_id, other, signal);
        }
        transferGift(owned_gift_id, new_owner_chat_id, star_count, signal) {
          return this.api.transferGift(
            orThrow(this.businessConnectionId, "transferGift"),
            owned_gift_id,
            new_owner_chat_id,
            star_count,
            signal,
          );
        }
        postStory(content, active_period, other, signal) {
          return this.api.postStory(
            orThrow(this.businessConnectionId, "postStory"),
            content,
            active_period,
            other,
            signal,
          );
        }
        repostStory(active_period, other, signal) {
          var _a;
          const story = orThrow((_a = this.msg) === null || _a === void 0 ? void 0 : _a.story, "repostStory");
          return this.api.repostStory(
            orThrow(this.businessConnectionId, "repostStory"),
            story.chat.id,
            story.id,
            active_period,
            other,
            signal,
          );
        }
        editStory(story_id, content, other, signal) {
          return this.api.editStory(orThrow(this.businessConnectionId, "editStory"), story_id, content, other, signal);
        }
        deleteStory(story_id, signal) {
          return this.api.deleteStory(orThrow(this.businessConnectionId, "deleteStory"), story_id, signal);
        }
        replyWithSticker(sticker, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendSticker(
            orThrow(this.chatId, "sendSticker"),
            sticker,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        getCustomEmojiStickers(signal) {
          var _a, _b;
          return this.api.getCustomEmojiStickers(
            ((_b = (_a = this.msg) === null || _a === void 0 ? void 0 : _a.entities) !== null && _b !== void 0
              ? _b
              : []
            )
              .filter((e) => e.type === "custom_emoji")
              .map((e) => e.custom_emoji_id),
            signal,
          );
        }
        replyWithGift(gift_id, other, signal) {
          return this.api.sendGift(orThrow(this.from, "sendGift").id, gift_id, other, signal);
        }
        giftPremiumSubscription(month_count, star_count, other, signal) {
          return this.api.giftPremiumSubscription(
            orThrow(this.from, "giftPremiumSubscription").id,
            month_count,
            star_count,
            other,
            signal,
          );
        }
        replyWithGiftToChannel(gift_id, other, signal) {
          return this.api.sendGiftToChannel(orThrow(this.chat, "sendGift").id, gift_id, other, signal);
        }
        answerInlineQuery(results, other, signal) {
          return this.api.answerInlineQuery(orThrow(this.inlineQuery, "answerInlineQuery").id, results, other, signal);
        }
        savePreparedInlineMessage(result, other, signal) {
          return this.api.savePreparedInlineMessage(
            orThrow(this.from, "savePreparedInlineMessage").id,
            result,
            other,
            signal,
          );
        }
        savePreparedKeyboardButton(button, signal) {
          return this.api.savePreparedKeyboardButton(
            orThrow(this.from, "savePreparedKeyboardButton").id,
            button,
            signal,
          );
        }
        replyWithInvoice(title, description, payload, currency, prices, other, signal) {
          var _a;
          const msg = this.msg;
          return this.api.sendInvoice(
            orThrow(this.chatId, "sendInvoice"),
            title,
            description,
            payload,
            currency,
            prices,
            {
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              direct_messages_topic_id:
                (_a = msg?.direct_messages_topic) === null || _a === void 0 ? void 0 : _a.topic_id,
              ...other,
            },
            signal,
          );
        }
        answerShippingQuery(ok, other, signal) {
          return this.api.answerShippingQuery(orThrow(this.shippingQuery, "answerShippingQuery").id, ok, other, signal);
        }
        answerPreCheckoutQuery(ok, other, signal) {
          return this.api.answerPreCheckoutQuery(
            orThrow(this.preCheckoutQuery, "answerPreCheckoutQuery").id,
            ok,
            typeof other == "string" ? { error_message: other } : other,
            signal,
          );
        }
        refundStarPayment(signal) {
          var _a;
          return this.api.refundStarPayment(
            orThrow(this.from, "refundStarPayment").id,
            orThrow((_a = this.msg) === null || _a === void 0 ? void 0 : _a.successful_payment, "refundStarPayment")
              .telegram_payment_charge_id,
            signal,
          );
        }
        editUserStarSubscription(telegram_payment_charge_id, is_canceled, signal) {
          return this.api.editUserStarSubscription(
            orThrow(this.from, "editUserStarSubscription").id,
            telegram_payment_charge_id,
            is_canceled,
            signal,
          );
        }
        verifyUser(other, signal) {
          return this.api.verifyUser(orThrow(this.from, "verifyUser").id, other, signal);
        }
        verifyChat(other, signal) {
          return this.api.verifyChat(orThrow(this.chatId, "verifyChat"), other, signal);
        }
        removeUserVerification(signal) {
          return this.api.removeUserVerification(orThrow(this.from, "removeUserVerification").id, signal);
        }
        removeChatVerification(signal) {
          return this.api.removeChatVerification(orThrow(this.chatId, "removeChatVerification"), signal);
        }
        readBusinessMessage(signal) {
          return this.api.readBusinessMessage(
            orThrow(this.businessConnectionId, "readBusinessMessage"),
            orThrow(this.chatId, "readBusinessMessage"),
            orThrow(this.msgId, "readBusinessMessage"),
            signal,
          );
        }
        setPassportDataErrors(errors, signal) {
          return this.api.setPassportDataErrors(orThrow(this.from, "setPassportDataErrors").id, errors, signal);
        }
        replyWithGame(game_short_name, other, signal) {
          const msg = this.msg;
          return this.api.sendGame(
            orThrow(this.chatId, "sendGame"),
            game_short_name,
            {
              business_connection_id: this.businessConnectionId,
              ...(msg?.is_topic_message ? { message_thread_id: msg.message_thread_id } : {}),
              ...other,
            },
            signal,
          );
        }
      };
    exports.Context = Context;
    Context.has = checker;
    function orThrow(value, method) {
      if (value === void 0) throw new Error(`Missing information for API call to ${method}`);
      return value;
    }
    function triggerFn(trigger) {
      return toArray(trigger).map((t) =>
        typeof t == "string" ? (txt) => (txt === t ? t : null) : (txt) => txt.match(t),
      );
    }
    function match(ctx, content, triggers) {
      for (const t of triggers) {
        const res = t(content);
        if (res) return (ctx.match = res), !0;
      }
      return !1;
    }
    function toArray(e) {
      return Array.isArray(e) ? e : [e];
    }
  },
});
var require_composer = __commonJS({
  "node_modules/grammy/out/composer.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.Composer = exports.BotError = void 0;
    exports.run = run;
    var context_js_1 = require_context(),
      BotError = class extends Error {
        constructor(error, ctx) {
          super(generateBotErrorMessage(error)),
            (this.error = error),
            (this.ctx = ctx),
            (this.name = "BotError"),
            error instanceof Error && (this.stack = error.stack);
        }
      };
    exports.BotError = BotError;
    function generateBotErrorMessage(error) {
      let msg;
      if (error instanceof Error) msg = `${error.name} in middleware: ${error.message}`;
      else {
        const type = typeof error;
        switch (((msg = `Non-error value of type ${type} thrown in middleware`), type)) {
          case "bigint":
          case "boolean":
          case "number":
          case "symbol":
            msg += `: ${error}`;
            break;
          case "string":
            msg += `: ${String(error).substring(0, 50)}`;
            break;
          default:
            msg += "!";
            break;
        }
      }
      return msg;
    }
    function flatten(mw) {
      return typeof mw == "function" ? mw : (ctx, next) => mw.middleware()(ctx, next);
    }
    function concat(first, andThen) {
      return async (ctx, next) => {
        let nextCalled = !1;
        await first(ctx, async () => {
          if (nextCalled) throw new Error("`next` already called before!");
          (nextCalled = !0), await andThen(ctx, next);
        });
      };
    }
    function pass(_ctx, next) {
      return next();
    }
    var leaf = () => Promise.resolve();
    async function run(middleware, ctx) {
      await middleware(ctx, leaf);
    }
    var Composer = class _Composer {
      constructor(...middleware) {
        this.handler = middleware.length === 0 ? pass : middleware.map(flatten).reduce(concat);
      }
      middleware() {
        return this.handler;
      }
      use(...middleware) {
        const composer = new _Composer(...middleware);
        return (this.handler = concat(this.handler, flatten(composer))), composer;
      }
      on(filter, ...middleware) {
        return this.filter(context_js_1.Context.has.filterQuery(filter), ...middleware);
      }
      hears(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.text(trigger), ...middleware);
      }
      command(command, ...middleware) {
        return this.filter(context_js_1.Context.has.command(command), ...middleware);
      }
      reaction(reaction, ...middleware) {
        return this.filter(context_js_1.Context.has.reaction(reaction), ...middleware);
      }
      chatType(chatType, ...middleware) {
        return this.filter(context_js_1.Context.has.chatType(chatType), ...middleware);
      }
      callbackQuery(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.callbackQuery(trigger), ...middleware);
      }
      gameQuery(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.gameQuery(trigger), ...middleware);
      }
      inlineQuery(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.inlineQuery(trigger), ...middleware);
      }
      chosenInlineResult(resultId, ...middleware) {
        return this.filter(context_js_1.Context.has.chosenInlineResult(resultId), ...middleware);
      }
      preCheckoutQuery(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.preCheckoutQuery(trigger), ...middleware);
      }
      shippingQuery(trigger, ...middleware) {
        return this.filter(context_js_1.Context.has.shippingQuery(trigger), ...middleware);
      }
      filter(predicate, ...middleware) {
        const composer = new _Composer(...middleware);
        return this.branch(predicate, composer, pass), composer;
      }
      drop(predicate, ...middleware) {
        return this.filter(async (ctx) => !(await predicate(ctx)), ...middleware);
      }
      fork(...middleware) {
        const composer = new _Composer(...middleware),
          fork = flatten(composer);
        return this.use((ctx, next) => Promise.all([next(), run(fork, ctx)])), composer;
      }
      lazy(middlewareFactory) {
        return this.use(async (ctx, next) => {
          const middleware = await middlewareFactory(ctx),
            arr = Array.isArray(middleware) ? middleware : [middleware];
          await flatten(new _Composer(...arr))(ctx, next);
        });
      }
      route(router, routeHandlers, fallback = pass) {
        return this.lazy(async (ctx) => {
          var _a;
          const route = await router(ctx);
          return (_a = route === void 0 || !routeHandlers[route] ? fallback : routeHandlers[route]) !== null &&
            _a !== void 0
            ? _a
            : [];
        });
      }
      branch(predicate, trueMiddleware, falseMiddleware) {
        return this.lazy(async (ctx) => ((await predicate(ctx)) ? trueMiddleware : falseMiddleware));
      }
      errorBoundary(errorHandler, ...middleware) {
        const composer = new _Composer(...middleware),
          bound = flatten(composer);
        return (
          this.use(async (ctx, next) => {
            let nextCalled = !1,
              cont = () => ((nextCalled = !0), Promise.resolve());
            try {
              await bound(ctx, cont);
            } catch (err) {
              (nextCalled = !1), await errorHandler(new BotError(err, ctx), cont);
            }
            nextCalled && (await next());
          }),
          composer
        );
      }
    };
    exports.Composer = Composer;
  },
});
var require_platform_node = __commonJS({
  "node_modules/grammy/out/platform.node.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.defaultAdapter = exports.itrToStream = exports.debug = void 0;
    exports.baseFetchConfig = baseFetchConfig;
    var http_1 = __require("http"),
      https_1 = __require("https"),
      stream_1 = __require("stream"),
      debug_1 = require_src();
    Object.defineProperty(exports, "debug", { enumerable: !0, get: () => debug_1.debug });
    var itrToStream = (itr) => stream_1.Readable.from(itr, { objectMode: !1 });
    exports.itrToStream = itrToStream;
    var httpAgents = new Map(),
      httpsAgents = new Map();
    function getCached(map, key, otherwise) {
      let value = map.get(key);
      return value === void 0 && ((value = otherwise()), map.set(key, value)), value;
    }
    function baseFetchConfig(apiRoot) {
      return apiRoot.startsWith("https:")
        ? {
            compress: !0,
            agent: getCached(httpsAgents, apiRoot, () => new https_1.Agent({ keepAlive: !0 })),
            duplex: "half",
          }
        : apiRoot.startsWith("http:")
          ? { agent: getCached(httpAgents, apiRoot, () => new http_1.Agent({ keepAlive: !0 })), duplex: "half" }
          : { duplex: "half" };
    }
    exports.defaultAdapter = "express";
  },
});
var require_error = __commonJS({
  "node_modules/grammy/out/core/error.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.HttpError = exports.GrammyError = void 0;
    exports.toGrammyError = toGrammyError;
    exports.toHttpError = toHttpError;
    var platform_node_js_1 = require_platform_node(),
      debug = (0, platform_node_js_1.debug)("grammy:warn"),
      GrammyError6 = class extends Error {
        constructor(message, err, method, payload) {
          var _a;
          super(`${message} (${err.error_code}: ${err.description})`),
            (this.method = method),
            (this.payload = payload),
            (this.ok = !1),
            (this.name = "GrammyError"),
            (this.error_code = err.error_code),
            (this.description = err.description),
            (this.parameters = (_a = err.parameters) !== null && _a !== void 0 ? _a : {});
        }
      };
    exports.GrammyError = GrammyError6;
    function toGrammyError(err, method, payload) {
      switch (err.error_code) {
        case 401:
          debug("Error 401 means that your bot token is wrong, talk to https://t.me/BotFather to check it.");
          break;
        case 409:
          debug(
            "Error 409 means that you are running your bot several times on long polling. Consider revoking the bot token if you believe that no other instance is running.",
          );
          break;
      }
      return new GrammyError6(`Call to '${method}' failed!`, err, method, payload);
    }
    var HttpError2 = class extends Error {
      constructor(message, error) {
        super(message), (this.error = error), (this.name = "HttpError");
      }
    };
    exports.HttpError = HttpError2;
    function isTelegramError(err) {
      return typeof err == "object" && err !== null && "status" in err && "statusText" in err;
    }
    function toHttpError(method, sensitiveLogs, err) {
      let msg = `Network request for '${method}' failed!`;
      return (
        isTelegramError(err) && (msg += ` (${err.status}: ${err.statusText})`),
        sensitiveLogs && err instanceof Error && (msg += ` ${err.message}`),
        new HttpError2(msg, err)
      );
    }
  },
});
var require_node_fetch = __commonJS({
  "scripts/shims/node-fetch.cjs"(exports, module) {
    function fetch(...args) {
      return globalThis.fetch(...args);
    }
    module.exports = fetch;
    module.exports.default = fetch;
  },
});
var require_types_node = __commonJS({
  "node_modules/grammy/out/types.node.js"(exports) {
    var __createBinding =
        (exports && exports.__createBinding) ||
        (Object.create
          ? (o, m, k, k2) => {
              k2 === void 0 && (k2 = k);
              var desc = Object.getOwnPropertyDescriptor(m, k);
              (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) &&
                (desc = { enumerable: !0, get: () => m[k] }),
                Object.defineProperty(o, k2, desc);
            }
          : (o, m, k, k2) => {
              k2 === void 0 && (k2 = k), (o[k2] = m[k]);
            }),
      __exportStar =
        (exports && exports.__exportStar) ||
        ((m, exports2) => {
          for (var p in m) p !== "default" && !Object.hasOwn(exports2, p) && __createBinding(exports2, m, p);
        });
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.InputFile = void 0;
    var fs_1 = __require("fs"),
      node_fetch_1 = require_node_fetch(),
      path_1 = __require("path"),
      platform_node_1 = require_platform_node(),
      debug = (0, platform_node_1.debug)("grammy:warn");
    __exportStar(__require("@grammyjs/types"), exports);
    var InputFile2 = class _InputFile {
      constructor(file, filename) {
        (this.consumed = !1),
          (this.fileData = file),
          filename ?? (filename = this.guessFilename(file)),
          (this.filename = filename),
          typeof file == "string" &&
            (file.startsWith("http:") || file.startsWith("https:")) &&
            debug(`InputFile received the local file path '${file}' that looks like a URL. Is this a mistake?`);
      }
      guessFilename(file) {
        if (typeof file == "string") return (0, path_1.basename)(file);
        if ("url" in file) return (0, path_1.basename)(file.url);
        if (file instanceof URL) {
          if (file.pathname !== "/") {
            const filename = (0, path_1.basename)(file.pathname);
            if (filename) return filename;
          }
          return (0, path_1.basename)(file.hostname);
        }
      }
      async toRaw() {
        if (this.consumed) throw new Error("Cannot reuse InputFile data source!");
        const data = this.fileData;
        return typeof data == "string"
          ? (0, fs_1.createReadStream)(data)
          : data instanceof URL
            ? data.protocol === "file"
              ? (0, fs_1.createReadStream)(data.pathname)
              : fetchFile(data)
            : "url" in data
              ? fetchFile(data.url)
              : data instanceof Uint8Array
                ? data
                : typeof data == "function"
                  ? new _InputFile(await data()).toRaw()
                  : ((this.consumed = !0), data);
      }
      toJSON() {
        throw new Error("InputFile instances must be sent via grammY");
      }
    };
    exports.InputFile = InputFile2;
    async function* fetchFile(url) {
      const { body } = await (0, node_fetch_1.default)(url);
      for await (const chunk of body) {
        if (typeof chunk == "string")
          throw new Error(`Could not transfer file, received string data instead of bytes from '${url}'`);
        yield chunk;
      }
    }
  },
});
var require_types = __commonJS({
  "node_modules/grammy/out/types.js"(exports) {
    var __createBinding =
        (exports && exports.__createBinding) ||
        (Object.create
          ? (o, m, k, k2) => {
              k2 === void 0 && (k2 = k);
              var desc = Object.getOwnPropertyDescriptor(m, k);
              (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) &&
                (desc = { enumerable: !0, get: () => m[k] }),
                Object.defineProperty(o, k2, desc);
            }
          : (o, m, k, k2) => {
              k2 === void 0 && (k2 = k), (o[k2] = m[k]);
            }),
      __exportStar =
        (exports && exports.__exportStar) ||
        ((m, exports2) => {
          for (var p in m) p !== "default" && !Object.hasOwn(exports2, p) && __createBinding(exports2, m, p);
        });
    Object.defineProperty(exports, "__esModule", { value: !0 });
    __exportStar(require_types_node(), exports);
  },
});
var require_payload = __commonJS({
  "node_modules/grammy/out/core/payload.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.requiresFormDataUpload = requiresFormDataUpload;
    exports.createJsonPayload = createJsonPayload;
    exports.createFormDataPayload = createFormDataPayload;
    var platform_node_js_1 = require_platform_node(),
      types_js_1 = require_types();
    function requiresFormDataUpload(payload) {
      return (
        payload instanceof types_js_1.InputFile ||
        (typeof payload == "object" &&
          payload !== null &&
          Object.values(payload).some((v) =>
            Array.isArray(v)
              ? v.some(requiresFormDataUpload)
              : v instanceof types_js_1.InputFile || requiresFormDataUpload(v),
          ))
      );
    }
    function str(value) {
      return JSON.stringify(value, (_, v) => v ?? void 0);
    }
    function createJsonPayload(payload) {
      return {
        method: "POST",
        headers: { "content-type": "application/json", connection: "keep-alive" },
        body: str(payload),
      };
    }
    async function* protectItr(itr, onError) {
      try {
        yield* itr;
      } catch (err) {
        onError(err);
      }
    }
    function createFormDataPayload(payload, onError) {
      const boundary = createBoundary(),
        itr = payloadToMultipartItr(payload, boundary),
        safeItr = protectItr(itr, onError),
        stream = (0, platform_node_js_1.itrToStream)(safeItr);
      return {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, connection: "keep-alive" },
        body: stream,
      };
    }
    function createBoundary() {
      return "----------" + randomId(32);
    }
    function randomId(length = 16) {
      return Array.from(Array(length))
        .map(() => Math.random().toString(36)[2] || 0)
        .join("");
    }
    var enc = new TextEncoder();
    async function* payloadToMultipartItr(payload, boundary) {
      const files = collectFiles(payload);
      yield enc.encode(`--${boundary}\r
`);
      let separator = enc.encode(`\r
--${boundary}\r
`),
        first = !0;
      for (const [key, value] of Object.entries(payload))
        value != null &&
          (first || (yield separator),
          yield valuePart(
            key,
            value instanceof types_js_1.InputFile ? value.toJSON() : typeof value == "object" ? str(value) : value,
          ),
          (first = !1));
      for (const { id, origin, file } of files)
        first || (yield separator), yield* filePart(id, origin, file), (first = !1);
      yield enc.encode(`\r
--${boundary}--\r
`);
    }
    function collectFiles(value) {
      return typeof value != "object" || value === null
        ? []
        : Object.entries(value).flatMap(([k, v]) => {
            if (Array.isArray(v)) return v.flatMap((p) => collectFiles(p));
            if (v instanceof types_js_1.InputFile) {
              const id = randomId();
              Object.assign(v, { toJSON: () => `attach://${id}` });
              const origin = k === "media" && "type" in value && typeof value.type == "string" ? value.type : k;
              return { id, origin, file: v };
            } else return collectFiles(v);
          });
    }
    function valuePart(key, value) {
      return enc.encode(`content-disposition:form-data;name="${key}"\r
\r
${value}`);
    }
    async function* filePart(id, origin, input) {
      const filename = input.filename || `${origin}.${getExt(origin)}`;
      if (
        filename.includes("\r") ||
        filename.includes(`
`)
      )
        throw new Error(`File paths cannot contain carriage-return (\\r) or newline (\\n) characters! Filename for property '${origin}' was:
"""
${filename}
"""`);
      yield enc.encode(`content-disposition:form-data;name="${id}";filename=${filename}\r
content-type:application/octet-stream\r
\r
`);
      const data = await input.toRaw();
      data instanceof Uint8Array ? yield data : yield* data;
    }
    function getExt(key) {
      switch (key) {
        case "certificate":
          return "pem";
        case "photo":
        case "thumbnail":
          return "jpg";
        case "voice":
          return "ogg";
        case "audio":
          return "mp3";
        case "animation":
        case "video":
        case "video_note":
          return "mp4";
        case "sticker":
          return "webp";
        default:
          return "dat";
      }
    }
  },
});
var require_abort_controller = __commonJS({
  "scripts/shims/abort-controller.cjs"(exports, module) {
    module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };
    module.exports.default = globalThis.AbortController;
  },
});
var require_shim_node = __commonJS({
  "node_modules/grammy/out/shim.node.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.fetch = exports.AbortController = void 0;
    var abort_controller_1 = require_abort_controller();
    Object.defineProperty(exports, "AbortController", {
      enumerable: !0,
      get: () => abort_controller_1.AbortController,
    });
    var node_fetch_1 = require_node_fetch();
    Object.defineProperty(exports, "fetch", { enumerable: !0, get: () => node_fetch_1.default });
  },
});
var require_client = __commonJS({
  "node_modules/grammy/out/core/client.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.createRawApi = createRawApi;
    var platform_node_js_1 = require_platform_node(),
      error_js_1 = require_error(),
      payload_js_1 = require_payload(),
      debug = (0, platform_node_js_1.debug)("grammy:core");
    function concatTransformer(prev, trans) {
      return (method, payload, signal) => trans(prev, method, payload, signal);
    }
    var ApiClient = class {
      constructor(token, options = {}, webhookReplyEnvelope = {}) {
        var _a, _b, _c, _d, _e, _f;
        (this.token = token),
          (this.webhookReplyEnvelope = webhookReplyEnvelope),
          (this.hasUsedWebhookReply = !1),
          (this.installedTransformers = []),
          (this.call = async (method, p, signal) => {
            const payload = p ?? {};
            debug(`Calling ${method}`), signal !== void 0 && validateSignal(method, payload, signal);
            const opts = this.options,
              formDataRequired = (0, payload_js_1.requiresFormDataUpload)(payload);
            if (
              this.webhookReplyEnvelope.send !== void 0 &&
              !this.hasUsedWebhookReply &&
              !formDataRequired &&
              opts.canUseWebhookReply(method)
            ) {
              this.hasUsedWebhookReply = !0;
              const config2 = (0, payload_js_1.createJsonPayload)({ ...payload, method });
              return await this.webhookReplyEnvelope.send(config2.body), { ok: !0, result: !0 };
            }
            const { controller, unregisterSignal } = createAbortControllerFromSignal(signal),
              timeout = createTimeout(controller, opts.timeoutSeconds, method),
              streamErr = createStreamError(controller),
              url = opts.buildUrl(opts.apiRoot, this.token, method, opts.environment),
              config = formDataRequired
                ? (0, payload_js_1.createFormDataPayload)(payload, (err) => streamErr.catch(err))
                : (0, payload_js_1.createJsonPayload)(payload),
              sig = controller.signal,
              options2 = { ...opts.baseFetchConfig, signal: sig, ...config },
              operations = [this.fetch(url, options2).then((res) => res.json()), streamErr.promise, timeout.promise];
            try {
              return await Promise.race(operations);
            } catch (error) {
              throw (0, error_js_1.toHttpError)(method, opts.sensitiveLogs, error);
            } finally {
              timeout.handle !== void 0 && clearTimeout(timeout.handle), unregisterSignal?.();
            }
          });
        const apiRoot = (_a = options.apiRoot) !== null && _a !== void 0 ? _a : "https://api.telegram.org",
          environment = (_b = options.environment) !== null && _b !== void 0 ? _b : "prod",
          { fetch: customFetch } = options,
          fetchFn = customFetch ?? shim_node_js_1.fetch;
        if (
          ((this.options = {
            apiRoot,
            environment,
            buildUrl: (_c = options.buildUrl) !== null && _c !== void 0 ? _c : defaultBuildUrl,
            timeoutSeconds: (_d = options.timeoutSeconds) !== null && _d !== void 0 ? _d : 500,
            baseFetchConfig: { ...(0, platform_node_js_1.baseFetchConfig)(apiRoot), ...options.baseFetchConfig },
            canUseWebhookReply: (_e = options.canUseWebhookReply) !== null && _e !== void 0 ? _e : () => !1,
            sensitiveLogs: (_f = options.sensitiveLogs) !== null && _f !== void 0 ? _f : !1,
            fetch: (...args) => fetchFn(...args),
          }),
          (this.fetch = this.options.fetch),
          this.options.apiRoot.endsWith("/"))
        )
          throw new Error(
            `Remove the trailing '/' from the 'apiRoot' option (use '${this.options.apiRoot.substring(0, this.options.apiRoot.length - 1)}' instead of '${this.options.apiRoot}')`,
          );
      }
      use(...transformers) {
        return (
          (this.call = transformers.reduce(concatTransformer, this.call)),
          this.installedTransformers.push(...transformers),
          this
        );
      }
      async callApi(method, payload, signal) {
        const data = await this.call(method, payload, signal);
        if (data.ok) return data.result;
        throw (0, error_js_1.toGrammyError)(data, method, payload);
      }
    };
    function createRawApi(token, options, webhookReplyEnvelope) {
      const client = new ApiClient(token, options, webhookReplyEnvelope),
        proxyHandler = {
          get(_, m) {
            return m === "toJSON"
              ? "__internal"
              : m === "getMe" ||
                  m === "getWebhookInfo" ||
                  m === "getForumTopicIconStickers" ||
                  m === "getAvailableGifts" ||
                  m === "logOut" ||
                  m === "close" ||
                  m === "getMyStarBalance" ||
                  m === "removeMyProfilePhoto"
                ? client.callApi.bind(client, m, {})
                : client.callApi.bind(client, m);
          },
          ...proxyMethods,
        },
        raw = new Proxy({}, proxyHandler),
        installedTransformers = client.installedTransformers,
        api = { raw, installedTransformers, use: (...t) => (client.use(...t), api) };
      return api;
    }
    var defaultBuildUrl = (root, token, method, env) => `${root}/bot${token}/${env === "test" ? "test/" : ""}${method}`,
      proxyMethods = {
        set() {
          return !1;
        },
        defineProperty() {
          return !1;
        },
        deleteProperty() {
          return !1;
        },
        ownKeys() {
          return [];
        },
      };
    function createTimeout(controller, seconds, method) {
      let handle;
      return {
        promise: new Promise((_, reject) => {
          handle = setTimeout(() => {
            const msg = `Request to '${method}' timed out after ${seconds} seconds`;
            reject(new Error(msg)), controller.abort();
          }, 1e3 * seconds);
        }),
        handle,
      };
    }
    function createStreamError(abortController) {
      let onError = (err) => {
        throw err;
      };
      return {
        promise: new Promise((_, reject) => {
          onError = (err) => {
            reject(err), abortController.abort();
          };
        }),
        catch: onError,
      };
    }
    function createAbortControllerFromSignal(signal) {
      const controller = new shim_node_js_1.AbortController();
      if (signal === void 0) return { controller, unregisterSignal: void 0 };
      const sig = signal;
      function abort() {
        controller.abort(), unregisterSignal();
      }
      function unregisterSignal() {
        sig.removeEventListener("abort", abort);
      }
      return (
        sig.aborted ? abort() : sig.addEventListener("abort", abort),
        { controller: { abort, signal: controller.signal }, unregisterSignal }
      );
    }
    function validateSignal(method, payload, signal) {
      if (typeof signal?.addEventListener == "function") return;
      let payload0 = JSON.stringify(payload);
      payload0.length > 20 && (payload0 = payload0.substring(0, 16) + " ...");
      let payload1 = JSON.stringify(signal);
      throw (
        (payload1.length > 20 && (payload1 = payload1.substring(0, 16) + " ..."),
        new Error(`Incorrect abort signal instance found! You passed two payloads to '${method}' but you should merge the second one containing '${payload1}' into the first one containing '${payload0}'! If you are using context shortcuts, you may want to use a method on 'ctx.api' instead.

If you want to prevent such mistakes in the future, consider using TypeScript. https://www.typescriptlang.org/`))
      );
    }
    var shim_node_js_1 = require_shim_node();
  },
});
var require_api = __commonJS({
  "node_modules/grammy/out/core/api.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.Api = void 0;
    var client_js_1 = require_client(),
      Api = class {
        constructor(token, options, webhookReplyEnvelope) {
          (this.token = token), (this.options = options);
          const { raw, use, installedTransformers } = (0, client_js_1.createRawApi)(
            token,
            options,
            webhookReplyEnvelope,
          );
          (this.raw = raw), (this.config = { use, installedTransformers: () => installedTransformers.slice() });
        }
        getUpdates(other, signal) {
          return this.raw.getUpdates({ ...other }, signal);
        }
        setWebhook(url, other, signal) {
          return this.raw.setWebhook({ url, ...other }, signal);
        }
        deleteWebhook(other, signal) {
          return this.raw.deleteWebhook({ ...other }, signal);
        }
        getWebhookInfo(signal) {
          return this.raw.getWebhookInfo(signal);
        }
        getMe(signal) {
          return this.raw.getMe(signal);
        }
        logOut(signal) {
          return this.raw.logOut(signal);
        }
        close(signal) {
          return this.raw.close(signal);
        }
        sendMessage(chat_id, text, other, signal) {
          return this.raw.sendMessage({ chat_id, text, ...other }, signal);
        }
        sendRichMessage(chat_id, rich_message, other, signal) {
          return this.raw.sendRichMessage({ chat_id, rich_message, ...other }, signal);
        }
        forwardMessage(chat_id, from_chat_id, message_id, other, signal) {
          return this.raw.forwardMessage({ chat_id, from_chat_id, message_id, ...other }, signal);
        }
        forwardMessages(chat_id, from_chat_id, message_ids, other, signal) {
          return this.raw.forwardMessages({ chat_id, from_chat_id, message_ids, ...other }, signal);
        }
        copyMessage(chat_id, from_chat_id, message_id, other, signal) {
          return this.raw.copyMessage({ chat_id, from_chat_id, message_id, ...other }, signal);
        }
        copyMessages(chat_id, from_chat_id, message_ids, other, signal) {
          return this.raw.copyMessages({ chat_id, from_chat_id, message_ids, ...other }, signal);
        }
        sendPhoto(chat_id, photo, other, signal) {
          return this.raw.sendPhoto({ chat_id, photo, ...other }, signal);
        }
        sendLivePhoto(chat_id, live_photo, photo, other, signal) {
          return this.raw.sendLivePhoto({ chat_id, live_photo, photo, ...other }, signal);
        }
        sendAudio(chat_id, audio, other, signal) {
          return this.raw.sendAudio({ chat_id, audio, ...other }, signal);
        }
        sendDocument(chat_id, document, other, signal) {
          return this.raw.sendDocument({ chat_id, document, ...other }, signal);
        }
        sendVideo(chat_id, video, other, signal) {
          return this.raw.sendVideo({ chat_id, video, ...other }, signal);
        }
        sendAnimation(chat_id, animation, other, signal) {
          return this.raw.sendAnimation({ chat_id, animation, ...other }, signal);
        }
        sendVoice(chat_id, voice, other, signal) {
          return this.raw.sendVoice({ chat_id, voice, ...other }, signal);
        }
        sendVideoNote(chat_id, video_note, other, signal) {
          return this.raw.sendVideoNote({ chat_id, video_note, ...other }, signal);
        }
        sendPaidMedia(chat_id, star_count, media, other, signal) {
          return this.raw.sendPaidMedia({ chat_id, star_count, media, ...other }, signal);
        }
        sendMediaGroup(chat_id, media, other, signal) {
          return this.raw.sendMediaGroup({ chat_id, media, ...other }, signal);
        }
        sendLocation(chat_id, latitude, longitude, other, signal) {
          return this.raw.sendLocation({ chat_id, latitude, longitude, ...other }, signal);
        }
        editMessageLiveLocation(chat_id, message_id, latitude, longitude, other, signal) {
          return this.raw.editMessageLiveLocation({ chat_id, message_id, latitude, longitude, ...other }, signal);
        }
        editMessageLiveLocationInline(inline_message_id, latitude, longitude, other, signal) {
          return this.raw.editMessageLiveLocation({ inline_message_id, latitude, longitude, ...other }, signal);
        }
        stopMessageLiveLocation(chat_id, message_id, other, signal) {
          return this.raw.stopMessageLiveLocation({ chat_id, message_id, ...other }, signal);
        }
        stopMessageLiveLocationInline(inline_message_id, other, signal) {
          return this.raw.stopMessageLiveLocation({ inline_message_id, ...other }, signal);
        }
        sendVenue(chat_id, latitude, longitude, title, address, other, signal) {
          return this.raw.sendVenue({ chat_id, latitude, longitude, title, address, ...other }, signal);
        }
        sendContact(chat_id, phone_number, first_name, other, signal) {
          return this.raw.sendContact({ chat_id, phone_number, first_name, ...other }, signal);
        }
        sendPoll(chat_id, question, options, other, signal) {
          const opts = options.map((o) => (typeof o == "string" ? { text: o } : o));
          return this.raw.sendPoll({ chat_id, question, options: opts, ...other }, signal);
        }
        sendChecklist(business_connection_id, chat_id, checklist, other, signal) {
          return this.raw.sendChecklist({ business_connection_id, chat_id, checklist, ...other }, signal);
        }
        editMessageChecklist(business_connection_id, chat_id, message_id, checklist, other, signal) {
          return this.raw.editMessageChecklist(
            { business_connection_id, chat_id, message_id, checklist, ...other },
            signal,
          );
        }
        sendDice(chat_id, emoji, other, signal) {
          return this.raw.sendDice({ chat_id, emoji, ...other }, signal);
        }
        setMessageReaction(chat_id, message_id, reaction, other, signal) {
          return this.raw.setMessageReaction({ chat_id, message_id, reaction, ...other }, signal);
        }
        sendMessageDraft(chat_id, draft_id, text, other, signal) {
          return this.raw.sendMessageDraft({ chat_id, draft_id, text, ...other }, signal);
        }
        sendRichMessageDraft(chat_id, draft_id, rich_message, other, signal) {
          return this.raw.sendRichMessageDraft({ chat_id, draft_id, rich_message, ...other }, signal);
        }
        sendChatAction(chat_id, action, other, signal) {
          return this.raw.sendChatAction({ chat_id, action, ...other }, signal);
        }
        getUserProfilePhotos(user_id, other, signal) {
          return this.raw.getUserProfilePhotos({ user_id, ...other }, signal);
        }
        getUserProfileAudios(user_id, other, signal) {
          return this.raw.getUserProfileAudios({ user_id, ...other }, signal);
        }
        setUserEmojiStatus(user_id, other, signal) {
          return this.raw.setUserEmojiStatus({ user_id, ...other }, signal);
        }
        getUserChatBoosts(chat_id, user_id, signal) {
          return this.raw.getUserChatBoosts({ chat_id, user_id }, signal);
        }
        getUserGifts(user_id, other, signal) {
          return this.raw.getUserGifts({ user_id, ...other }, signal);
        }
        getChatGifts(chat_id, other, signal) {
          return this.raw.getChatGifts({ chat_id, ...other }, signal);
        }
        getBusinessConnection(business_connection_id, signal) {
          return this.raw.getBusinessConnection({ business_connection_id }, signal);
        }
        getManagedBotToken(user_id, signal) {
          return this.raw.getManagedBotToken({ user_id }, signal);
        }
        replaceManagedBotToken(user_id, signal) {
          return this.raw.replaceManagedBotToken({ user_id }, signal);
        }
        getManagedBotAccessSettings(user_id, signal) {
          return this.raw.getManagedBotAccessSettings({ user_id }, signal);
        }
        setManagedBotAccessSettings(user_id, is_access_restricted, other, signal) {
          return this.raw.setManagedBotAccessSettings({ user_id, is_access_restricted, ...other }, signal);
        }
        getFile(file_id, signal) {
          return this.raw.getFile({ file_id }, signal);
        }
        kickChatMember(...args) {
          return this.banChatMember(...args);
        }
        banChatMember(chat_id, user_id, other, signal) {
          return this.raw.banChatMember({ chat_id, user_id, ...other }, signal);
        }
        unbanChatMember(chat_id, user_id, other, signal) {
          return this.raw.unbanChatMember({ chat_id, user_id, ...other }, signal);
        }
        restrictChatMember(chat_id, user_id, permissions, other, signal) {
          return this.raw.restrictChatMember({ chat_id, user_id, permissions, ...other }, signal);
        }
        promoteChatMember(chat_id, user_id, other, signal) {
          return this.raw.promoteChatMember({ chat_id, user_id, ...other }, signal);
        }
        setChatAdministratorCustomTitle(chat_id, user_id, custom_title, signal) {
          return this.raw.setChatAdministratorCustomTitle({ chat_id, user_id, custom_title }, signal);
        }
        setChatMemberTag(chat_id, user_id, tag, signal) {
          return this.raw.setChatMemberTag({ chat_id, user_id, tag }, signal);
        }
        banChatSenderChat(chat_id, sender_chat_id, signal) {
          return this.raw.banChatSenderChat({ chat_id, sender_chat_id }, signal);
        }
        unbanChatSenderChat(chat_id, sender_chat_id, signal) {
          return this.raw.unbanChatSenderChat({ chat_id, sender_chat_id }, signal);
        }
        setChatPermissions(chat_id, permissions, other, signal) {
          return this.raw.setChatPermissions({ chat_id, permissions, ...other }, signal);
        }
        exportChatInviteLink(chat_id, signal) {
          return this.raw.exportChatInviteLink({ chat_id }, signal);
        }
        createChatInviteLink(chat_id, other, signal) {
          return this.raw.createChatInviteLink({ chat_id, ...other }, signal);
        }
        editChatInviteLink(chat_id, invite_link, other, signal) {
          return this.raw.editChatInviteLink({ chat_id, invite_link, ...other }, signal);
        }
        createChatSubscriptionInviteLink(chat_id, subscription_period, subscription_price, other, signal) {
          return this.raw.createChatSubscriptionInviteLink(
            { chat_id, subscription_period, subscription_price, ...other },
            signal,
          );
        }
        editChatSubscriptionInviteLink(chat_id, invite_link, other, signal) {
          return this.raw.editChatSubscriptionInviteLink({ chat_id, invite_link, ...other }, signal);
        }
        revokeChatInviteLink(chat_id, invite_link, signal) {
          return this.raw.revokeChatInviteLink({ chat_id, invite_link }, signal);
        }
        approveChatJoinRequest(chat_id, user_id, signal) {
          return this.raw.approveChatJoinRequest({ chat_id, user_id }, signal);
        }
        declineChatJoinRequest(chat_id, user_id, signal) {
          return this.raw.declineChatJoinRequest({ chat_id, user_id }, signal);
        }
        answerChatJoinRequestQuery(chat_join_request_query_id, result, signal) {
          return this.raw.answerChatJoinRequestQuery({ chat_join_request_query_id, result }, signal);
        }
        sendChatJoinRequestWebApp(chat_join_request_query_id, web_app_url, signal) {
          return this.raw.sendChatJoinRequestWebApp({ chat_join_request_query_id, web_app_url }, signal);
        }
        approveSuggestedPost(chat_id, message_id, other, signal) {
          return this.raw.approveSuggestedPost({ chat_id, message_id, ...other }, signal);
        }
        declineSuggestedPost(chat_id, message_id, other, signal) {
          return this.raw.declineSuggestedPost({ chat_id, message_id, ...other }, signal);
        }
        setChatPhoto(chat_id, photo, signal) {
          return this.raw.setChatPhoto({ chat_id, photo }, signal);
        }
        deleteChatPhoto(chat_id, signal) {
          return this.raw.deleteChatPhoto({ chat_id }, signal);
        }
        setChatTitle(chat_id, title, signal) {
          return this.raw.setChatTitle({ chat_id, title }, signal);
        }
        setChatDescription(chat_id, description, signal) {
          return this.raw.setChatDescription({ chat_id, description }, signal);
        }
        pinChatMessage(chat_id, message_id, other, signal) {
          return this.raw.pinChatMessage({ chat_id, message_id, ...other }, signal);
        }
        unpinChatMessage(chat_id, message_id, other, signal) {
          return this.raw.unpinChatMessage({ chat_id, message_id, ...other }, signal);
        }
        unpinAllChatMessages(chat_id, signal) {
          return this.raw.unpinAllChatMessages({ chat_id }, signal);
        }
        leaveChat(chat_id, signal) {
          return this.raw.leaveChat({ chat_id }, signal);
        }
        getChat(chat_id, signal) {
          return this.raw.getChat({ chat_id }, signal);
        }
        getChatAdministrators(chat_id, other, signal) {
          return this.raw.getChatAdministrators({ chat_id, ...other }, signal);
        }
        getChatMembersCount(...args) {
          return this.getChatMemberCount(...args);
        }
        getChatMemberCount(chat_id, signal) {
          return this.raw.getChatMemberCount({ chat_id }, signal);
        }
        getChatMember(chat_id, user_id, signal) {
          return this.raw.getChatMember({ chat_id, user_id }, signal);
        }
        getUserPersonalChatMessages(user_id, limit, signal) {
          return this.raw.getUserPersonalChatMessages({ user_id, limit }, signal);
        }
        setChatStickerSet(chat_id, sticker_set_name, signal) {
          return this.raw.setChatStickerSet({ chat_id, sticker_set_name }, signal);
        }
        deleteChatStickerSet(chat_id, signal) {
          return this.raw.deleteChatStickerSet({ chat_id }, signal);
        }
        getForumTopicIconStickers(signal) {
          return this.raw.getForumTopicIconStickers(signal);
        }
        createForumTopic(chat_id, name, other, signal) {
          return this.raw.createForumTopic({ chat_id, name, ...other }, signal);
        }
        editForumTopic(chat_id, message_thread_id, other, signal) {
          return this.raw.editForumTopic({ chat_id, message_thread_id, ...other }, signal);
        }
        closeForumTopic(chat_id, message_thread_id, signal) {
          return this.raw.closeForumTopic({ chat_id, message_thread_id }, signal);
        }
        reopenForumTopic(chat_id, message_thread_id, signal) {
          return this.raw.reopenForumTopic({ chat_id, message_thread_id }, signal);
        }
        deleteForumTopic(chat_id, message_thread_id, signal) {
          return this.raw.deleteForumTopic({ chat_id, message_thread_id }, signal);
        }
        unpinAllForumTopicMessages(chat_id, message_thread_id, signal) {
          return this.raw.unpinAllForumTopicMessages({ chat_id, message_thread_id }, signal);
        }
        editGeneralForumTopic(chat_id, name, signal) {
          return this.raw.editGeneralForumTopic({ chat_id, name }, signal);
        }
        closeGeneralForumTopic(chat_id, signal) {
          return this.raw.closeGeneralForumTopic({ chat_id }, signal);
        }
        reopenGeneralForumTopic(chat_id, signal) {
          return this.raw.reopenGeneralForumTopic({ chat_id }, signal);
        }
        hideGeneralForumTopic(chat_id, signal) {
          return this.raw.hideGeneralForumTopic({ chat_id }, signal);
        }
        unhideGeneralForumTopic(chat_id, signal) {
          return this.raw.unhideGeneralForumTopic({ chat_id }, signal);
        }
        unpinAllGeneralForumTopicMessages(chat_id, signal) {
          return this.raw.unpinAllGeneralForumTopicMessages({ chat_id }, signal);
        }
        answerCallbackQuery(callback_query_id, other, signal) {
          return this.raw.answerCallbackQuery({ callback_query_id, ...other }, signal);
        }
        answerGuestQuery(guest_query_id, result, signal) {
          return this.raw.answerGuestQuery({ guest_query_id, result }, signal);
        }
        setMyName(name, other, signal) {
          return this.raw.setMyName({ name, ...other }, signal);
        }
        getMyName(other, signal) {
          return this.raw.getMyName(other ?? {}, signal);
        }
        setMyCommands(commands, other, signal) {
          return this.raw.setMyCommands({ commands, ...other }, signal);
        }
        deleteMyCommands(other, signal) {
          return this.raw.deleteMyCommands({ ...other }, signal);
        }
        getMyCommands(other, signal) {
          return this.raw.getMyCommands({ ...other }, signal);
        }
        setMyDescription(description, other, signal) {
          return this.raw.setMyDescription({ description, ...other }, signal);
        }
        getMyDescription(other, signal) {
          return this.raw.getMyDescription({ ...other }, signal);
        }
        setMyShortDescription(short_description, other, signal) {
          return this.raw.setMyShortDescription({ short_description, ...other }, signal);
        }
        getMyShortDescription(other, signal) {
          return this.raw.getMyShortDescription({ ...other }, signal);
        }
        setMyProfilePhoto(photo, signal) {
          return this.raw.setMyProfilePhoto({ photo }, signal);
        }
        removeMyProfilePhoto(signal) {
          return this.raw.removeMyProfilePhoto(signal);
        }
        setChatMenuButton(other, signal) {
          return this.raw.setChatMenuButton({ ...other }, signal);
        }
        getChatMenuButton(other, signal) {
          return this.raw.getChatMenuButton({ ...other }, signal);
        }
        setMyDefaultAdministratorRights(other, signal) {
          return this.raw.setMyDefaultAdministratorRights({ ...other }, signal);
        }
        getMyDefaultAdministratorRights(other, signal) {
          return this.raw.getMyDefaultAdministratorRights({ ...other }, signal);
        }
        getMyStarBalance(signal) {
          return this.raw.getMyStarBalance(signal);
        }
        editMessageText(chat_id, message_id, text_or_rich_message, other, signal) {
          return this.raw.editMessageText(
            typeof text_or_rich_message == "string"
              ? { chat_id, message_id, text: text_or_rich_message, ...other }
              : { chat_id, message_id, rich_message: text_or_rich_message, ...other },
            signal,
          );
        }
        editMessageTextInline(inline_message_id, text_or_rich_message, other, signal) {
          return this.raw.editMessageText(
            typeof text_or_rich_message == "string"
              ? { inline_message_id, text: text_or_rich_message, ...other }
              : { inline_message_id, rich_message: text_or_rich_message, ...other },
            signal,
          );
        }
        editMessageCaption(chat_id, message_id, other, signal) {
          return this.raw.editMessageCaption({ chat_id, message_id, ...other }, signal);
        }
        editMessageCaptionInline(inline_message_id, other, signal) {
          return this.raw.editMessageCaption({ inline_message_id, ...other }, signal);
        }
        editMessageMedia(chat_id, message_id, media, other, signal) {
          return this.raw.editMessageMedia({ chat_id, message_id, media, ...other }, signal);
        }
        editMessageMediaInline(inline_message_id, media, other, signal) {
          return this.raw.editMessageMedia({ inline_message_id, media, ...other }, signal);
        }
        editMessageReplyMarkup(chat_id, message_id, other, signal) {
          return this.raw.editMessageReplyMarkup({ chat_id, message_id, ...other }, signal);
        }
        editMessageReplyMarkupInline(inline_message_id, other, signal) {
          return this.raw.editMessageReplyMarkup({ inline_message_id, ...other }, signal);
        }
        stopPoll(chat_id, message_id, other, signal) {
          return this.raw.stopPoll({ chat_id, message_id, ...other }, signal);
        }
        editEphemeralMessageText(chat_id, receiver_user_id, ephemeral_message_id, text_or_rich_message, other, signal) {
          return this.raw.editEphemeralMessageText(
            typeof text_or_rich_message == "string"
              ? { chat_id, receiver_user_id, ephemeral_message_id, text: text_or_rich_message, ...other }
              : { chat_id, receiver_user_id, ephemeral_message_id, rich_message: text_or_rich_message, ...other },
            signal,
          );
        }
        editEphemeralMessageMedia(chat_id, receiver_user_id, ephemeral_message_id, media, other, signal) {
          return this.raw.editEphemeralMessageMedia(
            { chat_id, receiver_user_id, ephemeral_message_id, media, ...other },
            signal,
          );
        }
        editEphemeralMessageCaption(chat_id, receiver_user_id, ephemeral_message_id, caption, other, signal) {
          return this.raw.editEphemeralMessageCaption(
            { chat_id, receiver_user_id, ephemeral_message_id, caption, ...other },
            signal,
          );
        }
        editEphemeralMessageReplyMarkup(chat_id, receiver_user_id, ephemeral_message_id, other, signal) {
          return this.raw.editEphemeralMessageReplyMarkup(
            { chat_id, receiver_user_id, ephemeral_message_id, ...other },
            signal,
          );
        }
        deleteMessage(chat_id, message_id, signal) {
          return this.raw.deleteMessage({ chat_id, message_id }, signal);
        }
        deleteMessages(chat_id, message_ids, signal) {
          return this.raw.deleteMessages({ chat_id, message_ids }, signal);
        }
        deleteEphemeralMessage(chat_id, receiver_user_id, ephemeral_message_id, signal) {
          return this.raw.deleteEphemeralMessage({ chat_id, receiver_user_id, ephemeral_message_id }, signal);
        }
        deleteMessageReactionUser(chat_id, message_id, user_id, other, signal) {
          return this.raw.deleteMessageReaction({ chat_id, message_id, user_id, ...other }, signal);
        }
        deleteMessageReactionChat(chat_id, message_id, actor_chat_id, other, signal) {
          return this.raw.deleteMessageReaction({ chat_id, message_id, actor_chat_id, ...other }, signal);
        }
        deleteAllMessageReactionsUser(chat_id, user_id, other, signal) {
          return this.raw.deleteAllMessageReactions({ chat_id, user_id, ...other }, signal);
        }
        deleteAllMessageReactionsChat(chat_id, actor_chat_id, other, signal) {
          return this.raw.deleteAllMessageReactions({ chat_id, actor_chat_id, ...other }, signal);
        }
        deleteBusinessMessages(business_connection_id, message_ids, signal) {
          return this.raw.deleteBusinessMessages({ business_connection_id, message_ids }, signal);
        }
        setBusinessAccountName(business_connection_id, first_name, other, signal) {
          return this.raw.setBusinessAccountName({ business_connection_id, first_name, ...other }, signal);
        }
        setBusinessAccountUsername(business_connection_id, username, signal) {
          return this.raw.setBusinessAccountUsername({ business_connection_id, username }, signal);
        }
        setBusinessAccountBio(business_connection_id, bio, signal) {
          return this.raw.setBusinessAccountBio({ business_connection_id, bio }, signal);
        }
        setBusinessAccountProfilePhoto(business_connection_id, photo, other, signal) {
          return this.raw.setBusinessAccountProfilePhoto({ business_connection_id, photo, ...other }, signal);
        }
        removeBusinessAccountProfilePhoto(business_connection_id, other, signal) {
          return this.raw.removeBusinessAccountProfilePhoto({ business_connection_id, ...other }, signal);
        }
        setBusinessAccountGiftSettings(business_connection_id, show_gift_button, accepted_gift_types, signal) {
          return this.raw.setBusinessAccountGiftSettings(
            { business_connection_id, show_gift_button, accepted_gift_types },
            signal,
          );
        }
        getBusinessAccountStarBalance(business_connection_id, signal) {
          return this.raw.getBusinessAccountStarBalance({ business_connection_id }, signal);
        }
        transferBusinessAccountStars(business_connection_id, star_count, signal) {
          return this.raw.transferBusinessAccountStars({ business_connection_id, star_count }, signal);
        }
        getBusinessAccountGifts(business_connection_id, other, signal) {
          return this.raw.getBusinessAccountGifts({ business_connection_id, ...other }, signal);
        }
        convertGiftToStars(business_connection_id, owned_gift_id, signal) {
          return this.raw.convertGiftToStars({ business_connection_id, owned_gift_id }, signal);
        }
        upgradeGift(business_connection_id, owned_gift_id, other, signal) {
          return this.raw.upgradeGift({ business_connection_id, owned_gift_id, ...other }, signal);
        }
        transferGift(business_connection_id, owned_gift_id, new_owner_chat_id, star_count, signal) {
          return this.raw.transferGift(
            { business_connection_id, owned_gift_id, new_owner_chat_id, star_count },
            signal,
          );
        }
        postStory(business_connection_id, content, active_period, other, signal) {
          return this.raw.postStory({ business_connection_id, content, active_period, ...other }, signal);
        }
        repostStory(business_connection_id, from_chat_id, from_story_id, active_period, other, signal) {
          return this.raw.repostStory(
            { business_connection_id, from_chat_id, from_story_id, active_period, ...other },
            signal,
          );
        }
        editStory(business_connection_id, story_id, content, other, signal) {
          return this.raw.editStory({ business_connection_id, story_id, content, ...other }, signal);
        }
        deleteStory(business_connection_id, story_id, signal) {
          return this.raw.deleteStory({ business_connection_id, story_id }, signal);
        }
        sendSticker(chat_id, sticker, other, signal) {
          return this.raw.sendSticker({ chat_id, sticker, ...other }, signal);
        }
        getStickerSet(name, signal) {
          return this.raw.getStickerSet({ name }, signal);
        }
        getCustomEmojiStickers(custom_emoji_ids, signal) {
          return this.raw.getCustomEmojiStickers({ custom_emoji_ids }, signal);
        }
        uploadStickerFile(user_id, sticker_format, sticker, signal) {
          return this.raw.uploadStickerFile({ user_id, sticker_format, sticker }, signal);
        }
        createNewStickerSet(user_id, name, title, stickers, other, signal) {
          return this.raw.createNewStickerSet({ user_id, name, title, stickers, ...other }, signal);
        }
        addStickerToSet(user_id, name, sticker, signal) {
          return this.raw.addStickerToSet({ user_id, name, sticker }, signal);
        }
        setStickerPositionInSet(sticker, position, signal) {
          return this.raw.setStickerPositionInSet({ sticker, position }, signal);
        }
        deleteStickerFromSet(sticker, signal) {
          return this.raw.deleteStickerFromSet({ sticker }, signal);
        }
        replaceStickerInSet(user_id, name, old_sticker, sticker, signal) {
          return this.raw.replaceStickerInSet({ user_id, name, old_sticker, sticker }, signal);
        }
        setStickerEmojiList(sticker, emoji_list, signal) {
          return this.raw.setStickerEmojiList({ sticker, emoji_list }, signal);
        }
        setStickerKeywords(sticker, keywords, signal) {
          return this.raw.setStickerKeywords({ sticker, keywords }, signal);
        }
        setStickerMaskPosition(sticker, mask_position, signal) {
          return this.raw.setStickerMaskPosition({ sticker, mask_position }, signal);
        }
        setStickerSetTitle(name, title, signal) {
          return this.raw.setStickerSetTitle({ name, title }, signal);
        }
        deleteStickerSet(name, signal) {
          return this.raw.deleteStickerSet({ name }, signal);
        }
        setStickerSetThumbnail(name, user_id, thumbnail, format, signal) {
          return this.raw.setStickerSetThumbnail({ name, user_id, thumbnail, format }, signal);
        }
        setCustomEmojiStickerSetThumbnail(name, custom_emoji_id, signal) {
          return this.raw.setCustomEmojiStickerSetThumbnail({ name, custom_emoji_id }, signal);
        }
        getAvailableGifts(signal) {
          return this.raw.getAvailableGifts(signal);
        }
        sendGift(user_id, gift_id, other, signal) {
          return this.raw.sendGift({ user_id, gift_id, ...other }, signal);
        }
        giftPremiumSubscription(user_id, month_count, star_count, other, signal) {
          return this.raw.giftPremiumSubscription({ user_id, month_count, star_count, ...other }, signal);
        }
        sendGiftToChannel(chat_id, gift_id, other, signal) {
          return this.raw.sendGift({ chat_id, gift_id, ...other }, signal);
        }
        answerInlineQuery(inline_query_id, results, other, signal) {
          return this.raw.answerInlineQuery({ inline_query_id, results, ...other }, signal);
        }
        answerWebAppQuery(web_app_query_id, result, signal) {
          return this.raw.answerWebAppQuery({ web_app_query_id, result }, signal);
        }
        savePreparedInlineMessage(user_id, result, other, signal) {
          return this.raw.savePreparedInlineMessage({ user_id, result, ...other }, signal);
        }
        savePreparedKeyboardButton(user_id, button, signal) {
          return this.raw.savePreparedKeyboardButton({ user_id, button }, signal);
        }
        sendInvoice(chat_id, title, description, payload, currency, prices, other, signal) {
          return this.raw.sendInvoice({ chat_id, title, description, payload, currency, prices, ...other }, signal);
        }
        createInvoiceLink(title, description, payload, provider_token, currency, prices, other, signal) {
          return this.raw.createInvoiceLink(
            { title, description, payload, provider_token, currency, prices, ...other },
            signal,
          );
        }
        answerShippingQuery(shipping_query_id, ok, other, signal) {
          return this.raw.answerShippingQuery({ shipping_query_id, ok, ...other }, signal);
        }
        answerPreCheckoutQuery(pre_checkout_query_id, ok, other, signal) {
          return this.raw.answerPreCheckoutQuery({ pre_checkout_query_id, ok, ...other }, signal);
        }
        getStarTransactions(other, signal) {
          return this.raw.getStarTransactions({ ...other }, signal);
        }
        refundStarPayment(user_id, telegram_payment_charge_id, signal) {
          return this.raw.refundStarPayment({ user_id, telegram_payment_charge_id }, signal);
        }
        editUserStarSubscription(user_id, telegram_payment_charge_id, is_canceled, signal) {
          return this.raw.editUserStarSubscription({ user_id, telegram_payment_charge_id, is_canceled }, signal);
        }
        verifyUser(user_id, other, signal) {
          return this.raw.verifyUser({ user_id, ...other }, signal);
        }
        verifyChat(chat_id, other, signal) {
          return this.raw.verifyChat({ chat_id, ...other }, signal);
        }
        removeUserVerification(user_id, signal) {
          return this.raw.removeUserVerification({ user_id }, signal);
        }
        removeChatVerification(chat_id, signal) {
          return this.raw.removeChatVerification({ chat_id }, signal);
        }
        readBusinessMessage(business_connection_id, chat_id, message_id, signal) {
          return this.raw.readBusinessMessage({ business_connection_id, chat_id, message_id }, signal);
        }
        setPassportDataErrors(user_id, errors, signal) {
          return this.raw.setPassportDataErrors({ user_id, errors }, signal);
        }
        sendGame(chat_id, game_short_name, other, signal) {
          return this.raw.sendGame({ chat_id, game_short_name, ...other }, signal);
        }
        setGameScore(chat_id, message_id, user_id, score, other, signal) {
          return this.raw.setGameScore({ chat_id, message_id, user_id, score, ...other }, signal);
        }
        setGameScoreInline(inline_message_id, user_id, score, other, signal) {
          return this.raw.setGameScore({ inline_message_id, user_id, score, ...other }, signal);
        }
        getGameHighScores(chat_id, message_id, user_id, signal) {
          return this.raw.getGameHighScores({ chat_id, message_id, user_id }, signal);
        }
        getGameHighScoresInline(inline_message_id, user_id, signal) {
          return this.raw.getGameHighScores({ inline_message_id, user_id }, signal);
        }
      };
    exports.Api = Api;
  },
});
var require_bot = __commonJS({
  "node_modules/grammy/out/bot.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.Bot = exports.BotError = exports.DEFAULT_UPDATE_TYPES = void 0;
    var composer_js_1 = require_composer();
    Object.defineProperty(exports, "BotError", { enumerable: !0, get: () => composer_js_1.BotError });
    var context_js_1 = require_context(),
      api_js_1 = require_api(),
      error_js_1 = require_error(),
      filter_js_1 = require_filter(),
      platform_node_js_1 = require_platform_node(),
      debug = (0, platform_node_js_1.debug)("grammy:bot"),
      debugWarn = (0, platform_node_js_1.debug)("grammy:warn"),
      debugErr = (0, platform_node_js_1.debug)("grammy:error");
    exports.DEFAULT_UPDATE_TYPES = [
      "message",
      "edited_message",
      "channel_post",
      "edited_channel_post",
      "business_connection",
      "business_message",
      "edited_business_message",
      "deleted_business_messages",
      "guest_message",
      "stopped_message_generation",
      "inline_query",
      "chosen_inline_result",
      "callback_query",
      "shipping_query",
      "pre_checkout_query",
      "purchased_paid_media",
      "poll",
      "poll_answer",
      "my_chat_member",
      "managed_bot",
      "chat_join_request",
      "chat_boost",
      "removed_chat_boost",
      "subscription",
    ];
    var Bot2 = class extends composer_js_1.Composer {
      constructor(token, config) {
        var _a;
        if (
          (super(),
          (this.token = token),
          (this.pollingRunning = !1),
          (this.lastTriedUpdateId = 0),
          (this.observedUpdateTypes = new Set()),
          (this.errorHandler = async (err) => {
            var _a2, _b;
            throw (
              (console.error(
                "Error in middleware while handling update",
                (_b = (_a2 = err.ctx) === null || _a2 === void 0 ? void 0 : _a2.update) === null || _b === void 0
                  ? void 0
                  : _b.update_id,
                err.error,
              ),
              console.error("No error handler was set!"),
              console.error("Set your own error handler with `bot.catch = ...`"),
              this.pollingRunning && (console.error("Stopping bot"), await this.stop()),
              err)
            );
          }),
          !token)
        )
          throw new Error("Empty token!");
        (this.me = config?.botInfo),
          (this.clientConfig = config?.client),
          (this.ContextConstructor =
            (_a = config?.ContextConstructor) !== null && _a !== void 0 ? _a : context_js_1.Context),
          (this.api = new api_js_1.Api(token, this.clientConfig));
      }
      set botInfo(botInfo) {
        this.me = botInfo;
      }
      get botInfo() {
        if (this.me === void 0)
          throw new Error(
            "Bot information unavailable! Make sure to call `await bot.init()` before accessing `bot.botInfo`!",
          );
        return this.me;
      }
      on(filter, ...middleware) {
        for (const [u] of (0, filter_js_1.parse)(filter).flatMap(filter_js_1.preprocess))
          this.observedUpdateTypes.add(u);
        return super.on(filter, ...middleware);
      }
      reaction(reaction, ...middleware) {
        return this.observedUpdateTypes.add("message_reaction"), super.reaction(reaction, ...middleware);
      }
      isInited() {
        return this.me !== void 0;
      }
      async init(signal) {
        var _a;
        if (!this.isInited()) {
          debug("Initializing bot"),
            ((_a = this.mePromise) !== null && _a !== void 0) ||
              (this.mePromise = withRetries(() => this.api.getMe(signal), signal));
          let me;
          try {
            me = await this.mePromise;
          } finally {
            this.mePromise = void 0;
          }
          this.me === void 0 ? (this.me = me) : debug("Bot info was set by now, will not overwrite");
        }
        debug(`I am ${this.me.username}!`);
      }
      async handleUpdates(updates) {
        for (const update of updates) {
          this.lastTriedUpdateId = update.update_id;
          try {
            await this.handleUpdate(update);
          } catch (err) {
            if (err instanceof composer_js_1.BotError) await this.errorHandler(err);
            else throw (console.error("FATAL: grammY unable to handle:", err), err);
          }
        }
      }
      async handleUpdate(update, webhookReplyEnvelope) {
        if (this.me === void 0)
          throw new Error(
            "Bot not initialized! Either call `await bot.init()`, or directly set the `botInfo` option in the `Bot` constructor to specify a known bot info object.",
          );
        debug(`Processing update ${update.update_id}`);
        const api = new api_js_1.Api(this.token, this.clientConfig, webhookReplyEnvelope),
          t = this.api.config.installedTransformers();
        t.length > 0 && api.config.use(...t);
        const ctx = new this.ContextConstructor(update, api, this.me);
        try {
          await (0, composer_js_1.run)(this.middleware(), ctx);
        } catch (err) {
          throw (debugErr(`Error in middleware for update ${update.update_id}`), new composer_js_1.BotError(err, ctx));
        }
      }
      async start(options) {
        var _a, _b, _c;
        const setup = [];
        if (
          (this.isInited() ||
            setup.push(this.init((_a = this.pollingAbortController) === null || _a === void 0 ? void 0 : _a.signal)),
          this.pollingRunning)
        ) {
          await Promise.all(setup), debug("Simple long polling already running!");
          return;
        }
        (this.pollingRunning = !0),
          (this.pollingAbortController = new shim_node_js_1.AbortController()),
          setup.push(
            withRetries(
              async () => {
                var _a2;
                await this.api.deleteWebhook(
                  { drop_pending_updates: options?.drop_pending_updates },
                  (_a2 = this.pollingAbortController) === null || _a2 === void 0 ? void 0 : _a2.signal,
                );
              },
              (_b = this.pollingAbortController) === null || _b === void 0 ? void 0 : _b.signal,
            ),
          );
        try {
          await Promise.all(setup),
            await ((_c = options?.onStart) === null || _c === void 0 ? void 0 : _c.call(options, this.botInfo));
        } catch (err) {
          throw ((this.pollingRunning = !1), (this.pollingAbortController = void 0), err);
        }
        this.pollingRunning &&
          (validateAllowedUpdates(this.observedUpdateTypes, options?.allowed_updates),
          (this.use = noUseFunction),
          debug("Starting simple long polling"),
          await this.loop(options),
          debug("Middleware is done running"));
      }
      async stop() {
        var _a;
        if (this.pollingRunning) {
          debug("Stopping bot, saving update offset"),
            (this.pollingRunning = !1),
            (_a = this.pollingAbortController) === null || _a === void 0 || _a.abort();
          const offset = this.lastTriedUpdateId + 1;
          await this.api.getUpdates({ offset, limit: 1 }).finally(() => (this.pollingAbortController = void 0));
        } else debug("Bot is not running!");
      }
      isRunning() {
        return this.pollingRunning;
      }
      catch(errorHandler) {
        this.errorHandler = errorHandler;
      }
      async loop(options) {
        var _a, _b;
        let limit = options?.limit,
          timeout = (_a = options?.timeout) !== null && _a !== void 0 ? _a : 30,
          allowed_updates = (_b = options?.allowed_updates) !== null && _b !== void 0 ? _b : [];
        try {
          for (; this.pollingRunning; ) {
            const updates = await this.fetchUpdates({ limit, timeout, allowed_updates });
            if (updates === void 0) break;
            await this.handleUpdates(updates), (allowed_updates = void 0);
          }
        } finally {
          this.pollingRunning = !1;
        }
      }
      async fetchUpdates({ limit, timeout, allowed_updates }) {
        var _a;
        let offset = this.lastTriedUpdateId + 1,
          updates;
        do
          try {
            updates = await this.api.getUpdates(
              { offset, limit, timeout, allowed_updates },
              (_a = this.pollingAbortController) === null || _a === void 0 ? void 0 : _a.signal,
            );
          } catch (error) {
            await this.handlePollingError(error);
          }
        while (updates === void 0 && this.pollingRunning);
        return updates;
      }
      async handlePollingError(error) {
        var _a;
        if (!this.pollingRunning) {
          debug("Pending getUpdates request cancelled");
          return;
        }
        let sleepSeconds = 3;
        if (error instanceof error_js_1.GrammyError) {
          if ((debugErr(error.message), error.error_code === 401 || error.error_code === 409)) throw error;
          error.error_code === 429 &&
            (debugErr("Bot API server is closing."),
            (sleepSeconds = (_a = error.parameters.retry_after) !== null && _a !== void 0 ? _a : sleepSeconds));
        } else debugErr(error);
        debugErr(`Call to getUpdates failed, retrying in ${sleepSeconds} seconds ...`), await sleep(1e3 * sleepSeconds);
      }
    };
    exports.Bot = Bot2;
    async function withRetries(task, signal) {
      let lastDelay = 50;
      async function handleError(error) {
        let delay = !1,
          strategy = "rethrow";
        if (error instanceof error_js_1.HttpError) (delay = !0), (strategy = "retry");
        else if (error instanceof error_js_1.GrammyError) {
          if (error.error_code >= 500) (delay = !0), (strategy = "retry");
          else if (error.error_code === 429) {
            const retryAfterSeconds = error.parameters.retry_after;
            typeof retryAfterSeconds == "number"
              ? (await sleep(1e3 * retryAfterSeconds, signal), (lastDelay = 50))
              : (delay = !0),
              (strategy = "retry");
          }
        }
        if (delay) {
          lastDelay !== 50 && (await sleep(lastDelay, signal));
          const TWENTY_MINUTES = 1200 * 1e3;
          lastDelay = Math.min(TWENTY_MINUTES, 2 * lastDelay);
        }
        return strategy;
      }
      let result = { ok: !1 };
      for (; !result.ok; )
        try {
          result = { ok: !0, value: await task() };
        } catch (error) {
          switch ((debugErr(error), await handleError(error))) {
            case "retry":
              continue;
            case "rethrow":
              throw error;
          }
        }
      return result.value;
    }
    async function sleep(milliseconds, signal) {
      let handle, reject;
      function abort() {
        reject?.(new Error("Aborted delay")), handle !== void 0 && clearTimeout(handle);
      }
      try {
        await new Promise((res, rej) => {
          if (((reject = rej), signal?.aborted)) {
            abort();
            return;
          }
          signal?.addEventListener("abort", abort), (handle = setTimeout(res, milliseconds));
        });
      } finally {
        signal?.removeEventListener("abort", abort);
      }
    }
    function validateAllowedUpdates(updates, allowed = exports.DEFAULT_UPDATE_TYPES) {
      const impossible = Array.from(updates).filter((u) => !allowed.includes(u));
      impossible.length > 0 &&
        debugWarn(
          `You registered listeners for the following update types, but you did not specify them in \`allowed_updates\` so they may not be received: ${impossible.map((u) => `'${u}'`).join(", ")}`,
        );
    }
    function noUseFunction() {
      throw new Error(`It looks like you are registering more listeners on your bot from within other listeners! This means that every time your bot handles a message like this one, new listeners will be added. This list grows until your machine crashes, so grammY throws this error to tell you that you should probably do things a bit differently. If you're unsure how to resolve this problem, you can ask in the group chat: https://telegram.me/grammyjs

On the other hand, if you actually know what you're doing and you do need to install further middleware while your bot is running, consider installing a composer instance on your bot, and in turn augment the composer after the fact. This way, you can circumvent this protection against memory leaks.`);
    }
    var shim_node_js_1 = require_shim_node();
  },
});
var require_constants = __commonJS({
  "node_modules/grammy/out/convenience/constants.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.API_CONSTANTS = void 0;
    var bot_js_1 = require_bot(),
      ALL_UPDATE_TYPES = [
        ...bot_js_1.DEFAULT_UPDATE_TYPES,
        "chat_member",
        "message_reaction",
        "message_reaction_count",
      ],
      ALL_CHAT_PERMISSIONS = {
        can_send_messages: !0,
        can_send_audios: !0,
        can_send_documents: !0,
        can_send_photos: !0,
        can_send_videos: !0,
        can_send_video_notes: !0,
        can_send_voice_notes: !0,
        can_send_polls: !0,
        can_send_other_messages: !0,
        can_add_web_page_previews: !0,
        can_react_to_messages: !0,
        can_change_info: !0,
        can_invite_users: !0,
        can_edit_tag: !0,
        can_pin_messages: !0,
        can_manage_topics: !0,
      };
    exports.API_CONSTANTS = {
      DEFAULT_UPDATE_TYPES: bot_js_1.DEFAULT_UPDATE_TYPES,
      ALL_UPDATE_TYPES,
      ALL_CHAT_PERMISSIONS,
    };
    Object.freeze(exports.API_CONSTANTS);
  },
});
var require_inline_query = __commonJS({
  "node_modules/grammy/out/convenience/inline_query.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.InlineQueryResultBuilder = void 0;
    function inputMessage(queryTemplate) {
      return { ...queryTemplate, ...inputMessageMethods(queryTemplate) };
    }
    function inputMessageMethods(queryTemplate) {
      return {
        text(message_text, options = {}) {
          const content = { message_text, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
        rich(rich_message, options = {}) {
          const content = { rich_message, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
        location(latitude, longitude, options = {}) {
          const content = { latitude, longitude, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
        venue(title, latitude, longitude, address, options) {
          const content = { title, latitude, longitude, address, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
        contact(first_name, phone_number, options = {}) {
          const content = { first_name, phone_number, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
        invoice(title, description, payload, provider_token, currency, prices, options = {}) {
          const content = { title, description, payload, provider_token, currency, prices, ...options };
          return { ...queryTemplate, input_message_content: content };
        },
      };
    }
    exports.InlineQueryResultBuilder = {
      article(id, title, options = {}) {
        return inputMessageMethods({ type: "article", id, title, ...options });
      },
      audio(id, title, audio_url, options = {}) {
        return inputMessage({
          type: "audio",
          id,
          title,
          audio_url: typeof audio_url == "string" ? audio_url : audio_url.href,
          ...options,
        });
      },
      audioCached(id, audio_file_id, options = {}) {
        return inputMessage({ type: "audio", id, audio_file_id, ...options });
      },
      contact(id, phone_number, first_name, options = {}) {
        return inputMessage({ type: "contact", id, phone_number, first_name, ...options });
      },
      documentPdf(id, title, document_url, options = {}) {
        return inputMessage({
          type: "document",
          mime_type: "application/pdf",
          id,
          title,
          document_url: typeof document_url == "string" ? document_url : document_url.href,
          ...options,
        });
      },
      documentZip(id, title, document_url, options = {}) {
        return inputMessage({
          type: "document",
          mime_type: "application/zip",
          id,
          title,
          document_url: typeof document_url == "string" ? document_url : document_url.href,
          ...options,
        });
      },
      documentCached(id, title, document_file_id, options = {}) {
        return inputMessage({ type: "document", id, title, document_file_id, ...options });
      },
      game(id, game_short_name, options = {}) {
        return { type: "game", id, game_short_name, ...options };
      },
      gif(id, gif_url, thumbnail_url, options = {}) {
        return inputMessage({
          type: "gif",
          id,
          gif_url: typeof gif_url == "string" ? gif_url : gif_url.href,
          thumbnail_url: typeof thumbnail_url == "string" ? thumbnail_url : thumbnail_url.href,
          ...options,
        });
      },
      gifCached(id, gif_file_id, options = {}) {
        return inputMessage({ type: "gif", id, gif_file_id, ...options });
      },
      location(id, title, latitude, longitude, options = {}) {
        return inputMessage({ type: "location", id, title, latitude, longitude, ...options });
      },
      mpeg4gif(id, mpeg4_url, thumbnail_url, options = {}) {
        return inputMessage({
          type: "mpeg4_gif",
          id,
          mpeg4_url: typeof mpeg4_url == "string" ? mpeg4_url : mpeg4_url.href,
          thumbnail_url: typeof thumbnail_url == "string" ? thumbnail_url : thumbnail_url.href,
          ...options,
        });
      },
      mpeg4gifCached(id, mpeg4_file_id, options = {}) {
        return inputMessage({ type: "mpeg4_gif", id, mpeg4_file_id, ...options });
      },
      photo(id, photo_url, options = {}) {
        const photoUrl = typeof photo_url == "string" ? photo_url : photo_url.href;
        return inputMessage({ type: "photo", id, photo_url: photoUrl, thumbnail_url: photoUrl, ...options });
      },
      photoCached(id, photo_file_id, options = {}) {
        return inputMessage({ type: "photo", id, photo_file_id, ...options });
      },
      stickerCached(id, sticker_file_id, options = {}) {
        return inputMessage({ type: "sticker", id, sticker_file_id, ...options });
      },
      venue(id, title, latitude, longitude, address, options = {}) {
        return inputMessage({ type: "venue", id, title, latitude, longitude, address, ...options });
      },
      videoHtml(id, title, video_url, thumbnail_url, options = {}) {
        return inputMessageMethods({
          type: "video",
          mime_type: "text/html",
          id,
          title,
          video_url: typeof video_url == "string" ? video_url : video_url.href,
          thumbnail_url: typeof thumbnail_url == "string" ? thumbnail_url : thumbnail_url.href,
          ...options,
        });
      },
      videoMp4(id, title, video_url, thumbnail_url, options = {}) {
        return inputMessage({
          type: "video",
          mime_type: "video/mp4",
          id,
          title,
          video_url: typeof video_url == "string" ? video_url : video_url.href,
          thumbnail_url: typeof thumbnail_url == "string" ? thumbnail_url : thumbnail_url.href,
          ...options,
        });
      },
      videoCached(id, title, video_file_id, options = {}) {
        return inputMessage({ type: "video", id, title, video_file_id, ...options });
      },
      voice(id, title, voice_url, options = {}) {
        return inputMessage({
          type: "voice",
          id,
          title,
          voice_url: typeof voice_url == "string" ? voice_url : voice_url.href,
          ...options,
        });
      },
      voiceCached(id, title, voice_file_id, options = {}) {
        return inputMessage({ type: "voice", id, title, voice_file_id, ...options });
      },
    };
  },
});
var require_input_media = __commonJS({
  "node_modules/grammy/out/convenience/input_media.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.InputMediaBuilder = void 0;
    exports.InputMediaBuilder = {
      photo(media, options = {}) {
        return { type: "photo", media, ...options };
      },
      video(media, options = {}) {
        return { type: "video", media, ...options };
      },
      animation(media, options = {}) {
        return { type: "animation", media, ...options };
      },
      audio(media, options = {}) {
        return { type: "audio", media, ...options };
      },
      document(media, options = {}) {
        return { type: "document", media, ...options };
      },
    };
  },
});
var require_keyboard = __commonJS({
  "node_modules/grammy/out/convenience/keyboard.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.InlineKeyboard = exports.Keyboard = void 0;
    var Keyboard = class _Keyboard {
      constructor(keyboard = [[]]) {
        this.keyboard = keyboard;
      }
      add(...buttons) {
        var _a;
        return (_a = this.keyboard[this.keyboard.length - 1]) === null || _a === void 0 || _a.push(...buttons), this;
      }
      row(...buttons) {
        return this.keyboard.push(buttons), this;
      }
      text(text, options) {
        return this.add(_Keyboard.text(text, options));
      }
      static text(text, options) {
        return typeof options == "string" ? { text, style: options } : { text, ...options };
      }
      requestUsers(text, requestId, options = {}) {
        return this.add(_Keyboard.requestUsers(text, requestId, options));
      }
      static requestUsers(text, requestId, options = {}) {
        const request_users = { request_id: requestId, ...options };
        return typeof text == "string" ? { text, request_users } : { ...text, request_users };
      }
      requestChat(text, requestId, options = { chat_is_channel: !1 }) {
        return this.add(_Keyboard.requestChat(text, requestId, options));
      }
      static requestChat(text, requestId, options = { chat_is_channel: !1 }) {
        const request_chat = { request_id: requestId, ...options };
        return typeof text == "string" ? { text, request_chat } : { ...text, request_chat };
      }
      requestContact(text) {
        return this.add(_Keyboard.requestContact(text));
      }
      static requestContact(text) {
        return typeof text == "string" ? { text, request_contact: !0 } : { ...text, request_contact: !0 };
      }
      requestLocation(text) {
        return this.add(_Keyboard.requestLocation(text));
      }
      static requestLocation(text) {
        return typeof text == "string" ? { text, request_location: !0 } : { ...text, request_location: !0 };
      }
      requestPoll(text, type) {
        return this.add(_Keyboard.requestPoll(text, type));
      }
      static requestPoll(text, type) {
        const request_poll = { type };
        return typeof text == "string" ? { text, request_poll } : { ...text, request_poll };
      }
      requestManagedBot(text, requestId, options = {}) {
        return this.add(_Keyboard.requestManagedBot(text, requestId, options));
      }
      static requestManagedBot(text, requestId, options = {}) {
        const request_managed_bot = { request_id: requestId, ...options };
        return typeof text == "string" ? { text, request_managed_bot } : { ...text, request_managed_bot };
      }
      webApp(text, url) {
        return this.add(_Keyboard.webApp(text, url));
      }
      static webApp(text, url) {
        const web_app = { url };
        return typeof text == "string" ? { text, web_app } : { ...text, web_app };
      }
      style(style) {
        const rows = this.keyboard.length;
        if (rows === 0) throw new Error("Need to add a button before applying a style!");
        const lastRow = this.keyboard[rows - 1],
          cols = lastRow.length;
        if (cols === 0) throw new Error("Need to add a button before applying a style!");
        let lastButton = lastRow[cols - 1];
        return (
          typeof lastButton == "string" && ((lastButton = { text: lastButton }), (lastRow[cols - 1] = lastButton)),
          (lastButton.style = style),
          this
        );
      }
      danger() {
        return this.style("danger");
      }
      success() {
        return this.style("success");
      }
      primary() {
        return this.style("primary");
      }
      icon(icon) {
        const rows = this.keyboard.length;
        if (rows === 0) throw new Error("Need to add a button before adding an icon!");
        const lastRow = this.keyboard[rows - 1],
          cols = lastRow.length;
        if (cols === 0) throw new Error("Need to add a button before adding an icon!");
        let lastButton = lastRow[cols - 1];
        return (
          typeof lastButton == "string" && ((lastButton = { text: lastButton }), (lastRow[cols - 1] = lastButton)),
          (lastButton.icon_custom_emoji_id = icon),
          this
        );
      }
      persistent(isEnabled = !0) {
        return (this.is_persistent = isEnabled), this;
      }
      selected(isEnabled = !0) {
        return (this.selective = isEnabled), this;
      }
      oneTime(isEnabled = !0) {
        return (this.one_time_keyboard = isEnabled), this;
      }
      resized(isEnabled = !0) {
        return (this.resize_keyboard = isEnabled), this;
      }
      placeholder(value) {
        return (this.input_field_placeholder = value), this;
      }
      forceReply(isEnabled = !0) {
        return (this.force_reply = isEnabled), this;
      }
      toTransposed() {
        const original = this.keyboard,
          transposed = transpose(original);
        return this.clone(transposed);
      }
      toFlowed(columns, options = {}) {
        const original = this.keyboard,
          flowed = reflow(original, columns, options);
        return this.clone(flowed);
      }
      clone(keyboard = this.keyboard) {
        const clone = new _Keyboard(keyboard.map((row) => row.slice()));
        return (
          (clone.is_persistent = this.is_persistent),
          (clone.selective = this.selective),
          (clone.one_time_keyboard = this.one_time_keyboard),
          (clone.resize_keyboard = this.resize_keyboard),
          (clone.input_field_placeholder = this.input_field_placeholder),
          (clone.force_reply = this.force_reply),
          clone
        );
      }
      append(...sources) {
        for (const source of sources) {
          const keyboard = _Keyboard.from(source);
          this.keyboard.push(...keyboard.keyboard.map((row) => row.slice()));
        }
        return this;
      }
      build() {
        return this.keyboard;
      }
      static from(source) {
        if (source instanceof _Keyboard) return source.clone();
        function toButton(btn) {
          return typeof btn == "string" ? _Keyboard.text(btn) : btn;
        }
        return new _Keyboard(source.map((row) => row.map(toButton)));
      }
    };
    exports.Keyboard = Keyboard;
    var InlineKeyboard = class _InlineKeyboard {
      constructor(inline_keyboard = [[]]) {
        this.inline_keyboard = inline_keyboard;
      }
      add(...buttons) {
        var _a;
        return (
          (_a = this.inline_keyboard[this.inline_keyboard.length - 1]) === null || _a === void 0 || _a.push(...buttons),
          this
        );
      }
      row(...buttons) {
        return this.inline_keyboard.push(buttons), this;
      }
      url(text, url) {
        return this.add(_InlineKeyboard.url(text, url));
      }
      static url(text, url) {
        return typeof text == "string" ? { text, url } : { ...text, url };
      }
      text(text, data = typeof text == "string" ? text : text.text) {
        return this.add(_InlineKeyboard.text(text, data));
      }
      static text(text, data = typeof text == "string" ? text : text.text) {
        return typeof text == "string" ? { text, callback_data: data } : { ...text, callback_data: data };
      }
      webApp(text, url) {
        return this.add(_InlineKeyboard.webApp(text, url));
      }
      static webApp(text, url) {
        const web_app = typeof url == "string" ? { url } : url;
        return typeof text == "string" ? { text, web_app } : { ...text, web_app };
      }
      login(text, loginUrl) {
        return this.add(_InlineKeyboard.login(text, loginUrl));
      }
      static login(text, loginUrl) {
        const login_url = typeof loginUrl == "string" ? { url: loginUrl } : loginUrl;
        return typeof text == "string" ? { text, login_url } : { ...text, login_url };
      }
      disabled(text) {
        return this.add(_InlineKeyboard.disabled(text));
      }
      static disabled(text) {
        return typeof text == "string" ? { text, disabled: {} } : { ...text, disabled: {} };
      }
      switchInline(text, query = "") {
        return this.add(_InlineKeyboard.switchInline(text, query));
      }
      static switchInline(text, query = "") {
        return typeof text == "string" ? { text, switch_inline_query: query } : { ...text, switch_inline_query: query };
      }
      switchInlineCurrent(text, query = "") {
        return this.add(_InlineKeyboard.switchInlineCurrent(text, query));
      }
      static switchInlineCurrent(text, query = "") {
        return typeof text == "string"
          ? { text, switch_inline_query_current_chat: query }
          : { ...text, switch_inline_query_current_chat: query };
      }
      switchInlineChosen(text, query = {}) {
        return this.add(_InlineKeyboard.switchInlineChosen(text, query));
      }
      static switchInlineChosen(text, query = {}) {
        return typeof text == "string"
          ? { text, switch_inline_query_chosen_chat: query }
          : { ...text, switch_inline_query_chosen_chat: query };
      }
      copyText(text, copyText) {
        return this.add(_InlineKeyboard.copyText(text, copyText));
      }
      static copyText(text, copyText) {
        const copy_text = typeof copyText == "string" ? { text: copyText } : copyText;
        return typeof text == "string" ? { text, copy_text } : { ...text, copy_text };
      }
      game(text) {
        return this.add(_InlineKeyboard.game(text));
      }
      static game(text) {
        const callback_game = {};
        return typeof text == "string" ? { text, callback_game } : { ...text, callback_game };
      }
      pay(text) {
        return this.add(_InlineKeyboard.pay(text));
      }
      static pay(text) {
        return typeof text == "string" ? { text, pay: !0 } : { ...text, pay: !0 };
      }
      style(style) {
        const rows = this.inline_keyboard.length;
        if (rows === 0) throw new Error("Need to add a button before applying a style!");
        const lastRow = this.inline_keyboard[rows - 1],
          cols = lastRow.length;
        if (cols === 0) throw new Error("Need to add a button before applying a style!");
        return (lastRow[cols - 1].style = style), this;
      }
      danger() {
        return this.style("danger");
      }
      success() {
        return this.style("success");
      }
      primary() {
        return this.style("primary");
      }
      icon(icon) {
        const rows = this.inline_keyboard.length;
        if (rows === 0) throw new Error("Need to add a button before adding an icon!");
        const lastRow = this.inline_keyboard[rows - 1],
          cols = lastRow.length;
        if (cols === 0) throw new Error("Need to add a button before adding an icon!");
        return (lastRow[cols - 1].icon_custom_emoji_id = icon), this;
      }
      forceReply(isEnabled = !0) {
        return (this.force_reply = isEnabled), this;
      }
      toTransposed() {
        const original = this.inline_keyboard,
          transposed = transpose(original);
        return this.clone(transposed);
      }
      toFlowed(columns, options = {}) {
        const original = this.inline_keyboard,
          flowed = reflow(original, columns, options);
        return this.clone(flowed);
      }
      clone(inline_keyboard = this.inline_keyboard) {
        const clone = new _InlineKeyboard(inline_keyboard.map((row) => row.slice()));
        return (clone.force_reply = this.force_reply), clone;
      }
      append(...sources) {
        for (const source of sources) {
          const keyboard = _InlineKeyboard.from(source);
          this.inline_keyboard.push(...keyboard.inline_keyboard.map((row) => row.slice()));
        }
        return this;
      }
      static from(source) {
        return source instanceof _InlineKeyboard
          ? source.clone()
          : new _InlineKeyboard(source.map((row) => row.slice()));
      }
    };
    exports.InlineKeyboard = InlineKeyboard;
    function transpose(grid) {
      var _a;
      const transposed = [];
      for (let i = 0; i < grid.length; i++) {
        const row = grid[i];
        for (let j = 0; j < row.length; j++) {
          const button = row[j];
          ((_a = transposed[j]) !== null && _a !== void 0 ? _a : (transposed[j] = [])).push(button);
        }
      }
      return transposed;
    }
    function reflow(grid, columns, { fillLastRow = !1 }) {
      var _a;
      let first = columns;
      fillLastRow && (first = grid.map((row) => row.length).reduce((a, b) => a + b, 0) % columns);
      const reflowed = [];
      for (const row of grid)
        for (const button of row) {
          let at = Math.max(0, reflowed.length - 1),
            max = at === 0 ? first : columns,
            next = (_a = reflowed[at]) !== null && _a !== void 0 ? _a : (reflowed[at] = []);
          next.length === max && ((next = []), reflowed.push(next)), next.push(button);
        }
      return reflowed;
    }
  },
});
var require_session = __commonJS({
  "node_modules/grammy/out/convenience/session.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.MemorySessionStorage = void 0;
    exports.session = session;
    exports.lazySession = lazySession;
    exports.enhanceStorage = enhanceStorage;
    var platform_node_js_1 = require_platform_node(),
      debug = (0, platform_node_js_1.debug)("grammy:session");
    function session(options = {}) {
      return options.type === "multi" ? strictMultiSession(options) : strictSingleSession(options);
    }
    function strictSingleSession(options) {
      const { initial, storage, getSessionKey, custom } = fillDefaults(options);
      return async (ctx, next) => {
        const propSession = new PropertySession(storage, ctx, "session", initial),
          key = await getSessionKey(ctx);
        await propSession.init(key, { custom, lazy: !1 }), await next(), await propSession.finish();
      };
    }
    function strictMultiSession(options) {
      const props = Object.keys(options).filter((k) => k !== "type"),
        defaults = Object.fromEntries(props.map((prop) => [prop, fillDefaults(options[prop])]));
      return async (ctx, next) => {
        ctx.session = {};
        const propSessions = await Promise.all(
          props.map(async (prop) => {
            const { initial, storage, getSessionKey, custom } = defaults[prop],
              s = new PropertySession(storage, ctx.session, prop, initial),
              key = await getSessionKey(ctx);
            return await s.init(key, { custom, lazy: !1 }), s;
          }),
        );
        await next(),
          ctx.session == null && propSessions.forEach((s) => s.delete()),
          await Promise.all(propSessions.map((s) => s.finish()));
      };
    }
    function lazySession(options = {}) {
      if (options.type !== void 0 && options.type !== "single") throw new Error("Cannot use lazy multi sessions!");
      const { initial, storage, getSessionKey, custom } = fillDefaults(options);
      return async (ctx, next) => {
        const propSession = new PropertySession(storage, ctx, "session", initial),
          key = await getSessionKey(ctx);
        await propSession.init(key, { custom, lazy: !0 }), await next(), await propSession.finish();
      };
    }
    var PropertySession = class {
      constructor(storage, obj, prop, initial) {
        (this.storage = storage),
          (this.obj = obj),
          (this.prop = prop),
          (this.initial = initial),
          (this.fetching = !1),
          (this.read = !1),
          (this.wrote = !1);
      }
      load() {
        if (this.key !== void 0 && !this.wrote)
          return (
            this.promise === void 0 &&
              ((this.fetching = !0),
              (this.promise = Promise.resolve(this.storage.read(this.key)).then((val) => {
                var _a;
                return (
                  (this.fetching = !1),
                  this.wrote
                    ? this.value
                    : val !== void 0
                      ? ((this.value = val), val)
                      : ((val = (_a = this.initial) === null || _a === void 0 ? void 0 : _a.call(this)),
                        val !== void 0 && ((this.wrote = !0), (this.value = val)),
                        val)
                );
              }))),
            this.promise
          );
      }
      async init(key, opts) {
        (this.key = key),
          opts.lazy || (await this.load()),
          Object.defineProperty(this.obj, this.prop, {
            enumerable: !0,
            get: () => {
              if (key === void 0) {
                const msg = undef("access", opts);
                throw new Error(msg);
              }
              return (
                (this.read = !0),
                !opts.lazy || this.wrote ? this.value : (this.load(), this.fetching ? this.promise : this.value)
              );
            },
            set: (v) => {
              if (key === void 0) {
                const msg = undef("assign", opts);
                throw new Error(msg);
              }
              (this.wrote = !0), (this.fetching = !1), (this.value = v);
            },
          });
      }
      delete() {
        Object.assign(this.obj, { [this.prop]: void 0 });
      }
      async finish() {
        if (this.key !== void 0 && (this.read && (await this.load()), this.read || this.wrote)) {
          const value = await this.value;
          value == null ? await this.storage.delete(this.key) : await this.storage.write(this.key, value);
        }
      }
    };
    function fillDefaults(opts = {}) {
      let { prefix = "", getSessionKey = defaultGetSessionKey, initial, storage } = opts;
      return (
        storage == null &&
          (debug("Storing session data in memory, all data will be lost when the bot restarts."),
          (storage = new MemorySessionStorage())),
        {
          initial,
          storage,
          getSessionKey: async (ctx) => {
            const key = await getSessionKey(ctx);
            return key === void 0 ? void 0 : prefix + key;
          },
          custom: getSessionKey !== defaultGetSessionKey,
        }
      );
    }
    function defaultGetSessionKey(ctx) {
      var _a;
      return (_a = ctx.chatId) === null || _a === void 0 ? void 0 : _a.toString();
    }
    function undef(op, opts) {
      const { lazy = !1, custom } = opts;
      return `Cannot ${op} ${lazy ? "lazy " : ""}session data because ${custom ? "the custom `getSessionKey` function returned undefined for this update" : "this update does not belong to a chat, so the session key is undefined"}!`;
    }
    function isEnhance(value) {
      return value === void 0 || (typeof value == "object" && value !== null && "__d" in value);
    }
    function enhanceStorage(options) {
      let { storage, millisecondsToLive, migrations } = options;
      return (
        (storage = compatStorage(storage)),
        millisecondsToLive !== void 0 && (storage = timeoutStorage(storage, millisecondsToLive)),
        migrations !== void 0 && (storage = migrationStorage(storage, migrations)),
        wrapStorage(storage)
      );
    }
    function compatStorage(storage) {
      return {
        read: async (k) => {
          const v = await storage.read(k);
          return isEnhance(v) ? v : { __d: v };
        },
        write: (k, v) => storage.write(k, v),
        delete: (k) => storage.delete(k),
      };
    }
    function timeoutStorage(storage, millisecondsToLive) {
      const ttlStorage = {
        read: async (k) => {
          const value = await storage.read(k);
          if (value !== void 0) {
            if (value.e === void 0) return await ttlStorage.write(k, value), value;
            if (value.e < Date.now()) {
              await ttlStorage.delete(k);
              return;
            }
            return value;
          }
        },
        write: async (k, v) => {
          (v.e = addExpiryDate(v, millisecondsToLive).expires), await storage.write(k, v);
        },
        delete: (k) => storage.delete(k),
      };
      return ttlStorage;
    }
    function migrationStorage(storage, migrations) {
      const versions = Object.keys(migrations)
          .map((v) => parseInt(v))
          .sort((a, b) => a - b),
        count = versions.length;
      if (count === 0) throw new Error("No migrations given!");
      const earliest = versions[0],
        last = count - 1,
        latest = versions[last],
        index = new Map();
      versions.forEach((v, i) => index.set(v, i));
      function nextAfter(current) {
        let i = last;
        for (; current <= versions[i]; ) i--;
        return i;
      }
      return {
        read: async (k) => {
          var _a;
          const val = await storage.read(k);
          if (val === void 0) return val;
          let { __d: value, v: current = earliest - 1 } = val,
            i = 1 + ((_a = index.get(current)) !== null && _a !== void 0 ? _a : nextAfter(current));
          for (; i < count; i++) value = migrations[versions[i]](value);
          return { ...val, v: latest, __d: value };
        },
        write: (k, v) => storage.write(k, { v: latest, ...v }),
        delete: (k) => storage.delete(k),
      };
    }
    function wrapStorage(storage) {
      return {
        read: (k) => Promise.resolve(storage.read(k)).then((v) => v?.__d),
        write: (k, v) => storage.write(k, { __d: v }),
        delete: (k) => storage.delete(k),
      };
    }
    var MemorySessionStorage = class {
      constructor(timeToLive) {
        (this.timeToLive = timeToLive), (this.storage = new Map());
      }
      read(key) {
        const value = this.storage.get(key);
        if (value !== void 0) {
          if (value.expires !== void 0 && value.expires < Date.now()) {
            this.delete(key);
            return;
          }
          return value.session;
        }
      }
      readAll() {
        return this.readAllValues();
      }
      readAllKeys() {
        return Array.from(this.storage.keys());
      }
      readAllValues() {
        return Array.from(this.storage.keys())
          .map((key) => this.read(key))
          .filter((value) => value !== void 0);
      }
      readAllEntries() {
        return Array.from(this.storage.keys())
          .map((key) => [key, this.read(key)])
          .filter((pair) => pair[1] !== void 0);
      }
      has(key) {
        return this.storage.has(key);
      }
      write(key, value) {
        this.storage.set(key, addExpiryDate(value, this.timeToLive));
      }
      delete(key) {
        this.storage.delete(key);
      }
    };
    exports.MemorySessionStorage = MemorySessionStorage;
    function addExpiryDate(value, ttl) {
      if (ttl !== void 0 && ttl < 1 / 0) {
        const now = Date.now();
        return { session: value, expires: now + ttl };
      } else return { session: value };
    }
  },
});
var require_frameworks = __commonJS({
  "node_modules/grammy/out/convenience/frameworks.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.adapters = void 0;
    var SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token",
      SECRET_HEADER_LOWERCASE = SECRET_HEADER.toLowerCase(),
      WRONG_TOKEN_ERROR = "secret token is wrong",
      ok = () => new Response(null, { status: 200 }),
      okJson = (json) => new Response(json, { status: 200, headers: { "Content-Type": "application/json" } }),
      unauthorized = () => new Response('"unauthorized"', { status: 401, statusText: WRONG_TOKEN_ERROR }),
      awsLambda = (event, _context, callback) => {
        var _a;
        return {
          get update() {
            var _a2;
            return JSON.parse((_a2 = event.body) !== null && _a2 !== void 0 ? _a2 : "{}");
          },
          header:
            (_a = event.headers[SECRET_HEADER]) !== null && _a !== void 0 ? _a : event.headers[SECRET_HEADER_LOWERCASE],
          end: () => callback(null, { statusCode: 200 }),
          respond: (json) =>
            callback(null, { statusCode: 200, headers: { "Content-Type": "application/json" }, body: json }),
          unauthorized: () => callback(null, { statusCode: 401 }),
        };
      },
      awsLambdaAsync = (event, _context) => {
        var _a;
        let resolveResponse;
        return {
          get update() {
            var _a2;
            return JSON.parse((_a2 = event.body) !== null && _a2 !== void 0 ? _a2 : "{}");
          },
          header:
            (_a = event.headers[SECRET_HEADER]) !== null && _a !== void 0 ? _a : event.headers[SECRET_HEADER_LOWERCASE],
          end: () => resolveResponse({ statusCode: 200 }),
          respond: (json) =>
            resolveResponse({ statusCode: 200, headers: { "Content-Type": "application/json" }, body: json }),
          unauthorized: () => resolveResponse({ statusCode: 401 }),
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      azure = (context, request) => {
        var _a;
        return {
          get update() {
            return request.body;
          },
          header: (_a = request.headers) === null || _a === void 0 ? void 0 : _a[SECRET_HEADER_LOWERCASE],
          end: () => (context.res = { status: 200, body: "" }),
          respond: (json) => {
            var _a2, _b, _c, _d;
            (_b = (_a2 = context.res) === null || _a2 === void 0 ? void 0 : _a2.set) === null ||
              _b === void 0 ||
              _b.call(_a2, "Content-Type", "application/json"),
              (_d = (_c = context.res) === null || _c === void 0 ? void 0 : _c.send) === null ||
                _d === void 0 ||
                _d.call(_c, json);
          },
          unauthorized: () => {
            var _a2, _b;
            (_b = (_a2 = context.res) === null || _a2 === void 0 ? void 0 : _a2.send) === null ||
              _b === void 0 ||
              _b.call(_a2, 401, WRONG_TOKEN_ERROR);
          },
        };
      },
      azureV4 = (request) => {
        let resolveResponse;
        return {
          get update() {
            return request.json();
          },
          header: request.headers.get(SECRET_HEADER) || void 0,
          end: () => resolveResponse({ status: 204 }),
          respond: (json) => resolveResponse({ jsonBody: json }),
          unauthorized: () => resolveResponse({ status: 401, body: WRONG_TOKEN_ERROR }),
          handlerReturn: new Promise((resolve) => (resolveResponse = resolve)),
        };
      },
      bun = (request) => {
        let resolveResponse;
        return {
          get update() {
            return request.json();
          },
          header: request.headers.get(SECRET_HEADER) || void 0,
          end: () => {
            resolveResponse(ok());
          },
          respond: (json) => {
            resolveResponse(okJson(json));
          },
          unauthorized: () => {
            resolveResponse(unauthorized());
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      cloudflare = (event) => {
        let resolveResponse;
        return (
          event.respondWith(
            new Promise((resolve) => {
              resolveResponse = resolve;
            }),
          ),
          {
            get update() {
              return event.request.json();
            },
            header: event.request.headers.get(SECRET_HEADER) || void 0,
            end: () => {
              resolveResponse(ok());
            },
            respond: (json) => {
              resolveResponse(okJson(json));
            },
            unauthorized: () => {
              resolveResponse(unauthorized());
            },
          }
        );
      },
      cloudflareModule = (request) => {
        let resolveResponse;
        return {
          get update() {
            return request.json();
          },
          header: request.headers.get(SECRET_HEADER) || void 0,
          end: () => {
            resolveResponse(ok());
          },
          respond: (json) => {
            resolveResponse(okJson(json));
          },
          unauthorized: () => {
            resolveResponse(unauthorized());
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      express = (req, res) => ({
        get update() {
          return req.body;
        },
        header: req.header(SECRET_HEADER),
        end: () => res.end(),
        respond: (json) => {
          res.set("Content-Type", "application/json"), res.send(json);
        },
        unauthorized: () => {
          res.status(401).send(WRONG_TOKEN_ERROR);
        },
      }),
      fastify = (request, reply) => ({
        get update() {
          return request.body;
        },
        header: request.headers[SECRET_HEADER_LOWERCASE],
        end: () => reply.send(""),
        respond: (json) => reply.headers({ "Content-Type": "application/json" }).send(json),
        unauthorized: () => reply.code(401).send(WRONG_TOKEN_ERROR),
      }),
      hono = (c) => {
        let resolveResponse;
        return {
          get update() {
            return c.req.json();
          },
          header: c.req.header(SECRET_HEADER),
          end: () => {
            resolveResponse(c.body(""));
          },
          respond: (json) => {
            resolveResponse(c.json(json));
          },
          unauthorized: () => {
            c.status(401), resolveResponse(c.body(""));
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      http = (req, res) => {
        const secretHeaderFromRequest = req.headers[SECRET_HEADER_LOWERCASE];
        return {
          get update() {
            return new Promise((resolve, reject) => {
              const chunks = [];
              req
                .on("data", (chunk) => chunks.push(chunk))
                .once("end", () => {
                  const raw = Buffer.concat(chunks).toString("utf-8");
                  try {
                    resolve(JSON.parse(raw));
                  } catch (err) {
                    reject(err);
                  }
                })
                .once("error", reject);
            });
          },
          header: Array.isArray(secretHeaderFromRequest) ? secretHeaderFromRequest[0] : secretHeaderFromRequest,
          end: () => res.end(),
          respond: (json) => res.writeHead(200, { "Content-Type": "application/json" }).end(json),
          unauthorized: () => res.writeHead(401).end(WRONG_TOKEN_ERROR),
        };
      },
      koa = (ctx) => ({
        get update() {
          return ctx.request.body;
        },
        header: ctx.get(SECRET_HEADER) || void 0,
        end: () => {
          ctx.body = "";
        },
        respond: (json) => {
          ctx.set("Content-Type", "application/json"), (ctx.response.body = json);
        },
        unauthorized: () => {
          ctx.status = 401;
        },
      }),
      nextJs = (request, response) => ({
        get update() {
          return request.body;
        },
        header: request.headers[SECRET_HEADER_LOWERCASE],
        end: () => response.end(),
        respond: (json) => response.status(200).json(json),
        unauthorized: () => response.status(401).send(WRONG_TOKEN_ERROR),
      }),
      nhttp = (rev) => ({
        get update() {
          return rev.body;
        },
        header: rev.headers.get(SECRET_HEADER) || void 0,
        end: () => rev.response.sendStatus(200),
        respond: (json) => rev.response.status(200).send(json),
        unauthorized: () => rev.response.status(401).send(WRONG_TOKEN_ERROR),
      }),
      oak = (ctx) => ({
        get update() {
          return ctx.request.body.json();
        },
        header: ctx.request.headers.get(SECRET_HEADER) || void 0,
        end: () => {
          ctx.response.status = 200;
        },
        respond: (json) => {
          (ctx.response.type = "json"), (ctx.response.body = json);
        },
        unauthorized: () => {
          ctx.response.status = 401;
        },
      }),
      serveHttp = (requestEvent) => ({
        get update() {
          return requestEvent.request.json();
        },
        header: requestEvent.request.headers.get(SECRET_HEADER) || void 0,
        end: () => requestEvent.respondWith(ok()),
        respond: (json) => requestEvent.respondWith(okJson(json)),
        unauthorized: () => requestEvent.respondWith(unauthorized()),
      }),
      stdHttp = (req) => {
        let resolveResponse;
        return {
          get update() {
            return req.json();
          },
          header: req.headers.get(SECRET_HEADER) || void 0,
          end: () => {
            resolveResponse && resolveResponse(ok());
          },
          respond: (json) => {
            resolveResponse && resolveResponse(okJson(json));
          },
          unauthorized: () => {
            resolveResponse && resolveResponse(unauthorized());
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      sveltekit = ({ request }) => {
        let resolveResponse;
        return {
          get update() {
            return request.json();
          },
          header: request.headers.get(SECRET_HEADER) || void 0,
          end: () => {
            resolveResponse && resolveResponse(ok());
          },
          respond: (json) => {
            resolveResponse && resolveResponse(okJson(json));
          },
          unauthorized: () => {
            resolveResponse && resolveResponse(unauthorized());
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      },
      worktop = (req, res) => {
        var _a;
        return {
          get update() {
            return req.json();
          },
          header: (_a = req.headers.get(SECRET_HEADER)) !== null && _a !== void 0 ? _a : void 0,
          end: () => res.end(null),
          respond: (json) => res.send(200, json),
          unauthorized: () => res.send(401, WRONG_TOKEN_ERROR),
        };
      },
      elysia = (ctx) => {
        let resolveResponse;
        return {
          get update() {
            return ctx.body;
          },
          header: ctx.headers[SECRET_HEADER_LOWERCASE],
          end() {
            resolveResponse("");
          },
          respond(json) {
            (ctx.set.headers["content-type"] = "application/json"), resolveResponse(json);
          },
          unauthorized() {
            (ctx.set.status = 401), resolveResponse("");
          },
          handlerReturn: new Promise((res) => (resolveResponse = res)),
        };
      };
    exports.adapters = {
      "aws-lambda": awsLambda,
      "aws-lambda-async": awsLambdaAsync,
      azure,
      "azure-v4": azureV4,
      bun,
      cloudflare,
      "cloudflare-mod": cloudflareModule,
      elysia,
      express,
      fastify,
      hono,
      http,
      https: http,
      koa,
      "next-js": nextJs,
      nhttp,
      oak,
      serveHttp,
      "std/http": stdHttp,
      sveltekit,
      worktop,
    };
  },
});
var require_webhook = __commonJS({
  "node_modules/grammy/out/convenience/webhook.js"(exports) {
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.webhookCallback = webhookCallback2;
    var platform_node_js_1 = require_platform_node(),
      frameworks_js_1 = require_frameworks(),
      debugErr = (0, platform_node_js_1.debug)("grammy:error"),
      callbackAdapter = (update, callback, header, unauthorized = () => callback('"unauthorized"')) => ({
        update: Promise.resolve(update),
        respond: callback,
        header,
        unauthorized,
      }),
      adapters = { ...frameworks_js_1.adapters, callback: callbackAdapter };
    function compareSecretToken(header, token) {
      if (token === void 0) return !0;
      if (header === void 0) return !1;
      const encoder = new TextEncoder(),
        headerBytes = encoder.encode(header),
        tokenBytes = encoder.encode(token);
      if (headerBytes.length !== tokenBytes.length) return !1;
      let hasDifference = 0;
      for (let i = 0; i < tokenBytes.length; i++) {
        const headerByte = headerBytes[i],
          tokenByte = tokenBytes[i];
        hasDifference |= headerByte ^ tokenByte;
      }
      return hasDifference === 0;
    }
    function webhookCallback2(
      bot,
      adapter = platform_node_js_1.defaultAdapter,
      onTimeout,
      timeoutMilliseconds,
      secretToken,
    ) {
      if (bot.isRunning())
        throw new Error("Bot is already running via long polling, the webhook setup won't receive any updates!");
      bot.start = () => {
        throw new Error(
          "You already started the bot via webhooks, calling `bot.start()` starts the bot with long polling and this will prevent your webhook setup from receiving any updates!",
        );
      };
      let {
          onTimeout: timeout = "throw",
          timeoutMilliseconds: ms = 1e4,
          secretToken: token,
        } = typeof onTimeout == "object" ? onTimeout : { onTimeout, timeoutMilliseconds, secretToken },
        initialized = !1,
        server = typeof adapter == "string" ? adapters[adapter] : adapter;
      return async (...args) => {
        var _a;
        const handler = server(...args);
        if ((initialized || (await bot.init(), (initialized = !0)), !compareSecretToken(handler.header, token)))
          return await handler.unauthorized(), handler.handlerReturn;
        let usedWebhookReply = !1,
          webhookReplyEnvelope = {
            async send(json) {
              (usedWebhookReply = !0), await handler.respond(json);
            },
          };
        return (
          await timeoutIfNecessary(
            bot.handleUpdate(await handler.update, webhookReplyEnvelope),
            typeof timeout == "function" ? () => timeout(...args) : timeout,
            ms,
          ),
          usedWebhookReply || (_a = handler.end) === null || _a === void 0 || _a.call(handler),
          handler.handlerReturn
        );
      };
    }
    function timeoutIfNecessary(task, onTimeout, timeout) {
      return timeout === 1 / 0
        ? task
        : new Promise((resolve, reject) => {
            const handle = setTimeout(() => {
              debugErr(`Request timed out after ${timeout} ms`),
                onTimeout === "throw"
                  ? reject(new Error(`Request timed out after ${timeout} ms`))
                  : (typeof onTimeout == "function" && onTimeout(), resolve());
              const now = Date.now();
              task.finally(() => {
                const diff = Date.now() - now;
                debugErr(`Request completed ${diff} ms after timeout!`);
              });
            }, timeout);
            task
              .then(resolve)
              .catch(reject)
              .finally(() => clearTimeout(handle));
          });
    }
  },
});
var require_mod = __commonJS({
  "node_modules/grammy/out/mod.js"(exports) {
    var __createBinding =
        (exports && exports.__createBinding) ||
        (Object.create
          ? (o, m, k, k2) => {
              k2 === void 0 && (k2 = k);
              var desc = Object.getOwnPropertyDescriptor(m, k);
              (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) &&
                (desc = { enumerable: !0, get: () => m[k] }),
                Object.defineProperty(o, k2, desc);
            }
          : (o, m, k, k2) => {
              k2 === void 0 && (k2 = k), (o[k2] = m[k]);
            }),
      __exportStar =
        (exports && exports.__exportStar) ||
        ((m, exports2) => {
          for (var p in m) p !== "default" && !Object.hasOwn(exports2, p) && __createBinding(exports2, m, p);
        });
    Object.defineProperty(exports, "__esModule", { value: !0 });
    exports.HttpError =
      exports.GrammyError =
      exports.Api =
      exports.matchFilter =
      exports.Composer =
      exports.Context =
      exports.InputFile =
      exports.BotError =
      exports.Bot =
        void 0;
    var bot_js_1 = require_bot();
    Object.defineProperty(exports, "Bot", { enumerable: !0, get: () => bot_js_1.Bot });
    Object.defineProperty(exports, "BotError", { enumerable: !0, get: () => bot_js_1.BotError });
    var types_js_1 = require_types();
    Object.defineProperty(exports, "InputFile", { enumerable: !0, get: () => types_js_1.InputFile });
    var context_js_1 = require_context();
    Object.defineProperty(exports, "Context", { enumerable: !0, get: () => context_js_1.Context });
    __exportStar(require_constants(), exports);
    __exportStar(require_inline_query(), exports);
    __exportStar(require_input_media(), exports);
    __exportStar(require_keyboard(), exports);
    __exportStar(require_session(), exports);
    __exportStar(require_webhook(), exports);
    var composer_js_1 = require_composer();
    Object.defineProperty(exports, "Composer", { enumerable: !0, get: () => composer_js_1.Composer });
    var filter_js_1 = require_filter();
    Object.defineProperty(exports, "matchFilter", { enumerable: !0, get: () => filter_js_1.matchFilter });
    var api_js_1 = require_api();
    Object.defineProperty(exports, "Api", { enumerable: !0, get: () => api_js_1.Api });
    var error_js_1 = require_error();
    Object.defineProperty(exports, "GrammyError", { enumerable: !0, get: () => error_js_1.GrammyError });
    Object.defineProperty(exports, "HttpError", { enumerable: !0, get: () => error_js_1.HttpError });
  },
});
var import_grammy7 = __toESM(require_mod(), 1);
import { HttpsProxyAgent } from "https-proxy-agent";
var import_grammy2 = __toESM(require_mod(), 1);
var import_grammy = __toESM(require_mod(), 1);
function classifyHttpStatus(status, retryAfterMs) {
  return status === void 0
    ? { retryable: !0 }
    : status === 429
      ? retryAfterMs === void 0
        ? { retryable: !0 }
        : { retryable: !0, retryAfterMs }
      : { retryable: status === 408 || status >= 500 };
}
function classifyTelegramError(error) {
  if (error instanceof import_grammy.GrammyError) {
    const retryAfter = error.parameters.retry_after;
    return classifyHttpStatus(error.error_code, retryAfter === void 0 ? void 0 : retryAfter * 1e3);
  }
  return { retryable: error instanceof import_grammy.HttpError };
}
function isEntityParseError(error) {
  return (
    error instanceof import_grammy.GrammyError &&
    error.error_code === 400 &&
    /can't parse entities/i.test(error.description)
  );
}
function telegramRefusal(error) {
  if (
    !(!(error instanceof import_grammy.GrammyError) || classifyTelegramError(error).retryable) &&
    !(error.error_code === 401 || error.error_code === 409)
  )
    return /message is too long|text is too long/i.test(error.description)
      ? { type: "too-long" }
      : error.error_code === 403 || /chat not found|user is deactivated|bot was kicked/i.test(error.description)
        ? { type: "unreachable" }
        : { type: "refused" };
}
function toChannelError(error, doing) {
  let kind = "network",
    detail = error instanceof Error ? error.message : String(error);
  return (
    error instanceof import_grammy.GrammyError &&
      ((detail = `${error.error_code} ${error.description}`),
      (kind =
        error.error_code === 401
          ? "auth"
          : error.error_code === 409
            ? "conflict"
            : error.error_code === 429
              ? "rate-limit"
              : error.error_code >= 500
                ? "network"
                : "rejected")),
    new ChannelError(kind, "telegram", `telegram: ${doing} failed: ${detail}`, {
      cause: error,
      retryable: classifyTelegramError(error).retryable,
    })
  );
}
import { Marked } from "marked";
var MESSAGE_LIMIT = 4e3;
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function escapeAttribute(text) {
  return escapeHtml(text).replace(/"/g, "&quot;");
}
var safeLink = /^(https?:|tg:(?!(\/\/)?user\b)|mailto:)/i,
  blockEnd = `

`,
  marked = new Marked({
    gfm: !0,
    breaks: !1,
    async: !1,
    renderer: {
      space: () => "",
      def: () => "",
      html: (token) =>
        "block" in token && token.block ? `${escapeHtml(token.text.trim())}${blockEnd}` : escapeHtml(token.text),
      hr: () => `\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500${blockEnd}`,
      paragraph({ tokens }) {
        return `${this.parser.parseInline(tokens)}${blockEnd}`;
      },
      heading({ tokens }) {
        return `<b>${this.parser.parseInline(tokens)}</b>${blockEnd}`;
      },
      code({ text, lang }) {
        const language = lang?.match(/^[\w+#.-]+/)?.[0],
          body = escapeHtml(text.replace(/\n$/, ""));
        return language
          ? `<pre><code class="language-${language}">${body}</code></pre>${blockEnd}`
          : `<pre>${body}</pre>${blockEnd}`;
      },
      blockquote({ tokens }) {
        return `<blockquote>${this.parser.parse(tokens).trim()}</blockquote>${blockEnd}`;
      },
      list(token) {
        return `${token.items
          .map((item, index) => {
            const bullet = token.ordered ? `${Number(token.start || 1) + index}. ` : "\u2022 ",
              box = item.task ? (item.checked ? "\u2611 " : "\u2610 ") : "",
              body = item.tokens
                .filter((child) => child.type !== "checkbox")
                .map((child) => this.parser.parse([child]).trim())
                .filter(Boolean)
                .join(`
`)
                .replace(
                  /\n{2,}/g,
                  `
`,
                )
                .replace(
                  /\n/g,
                  `
   `,
                );
            return `${bullet}${box}${body}`;
          })
          .join(`
`)}${blockEnd}`;
      },
      checkbox: () => "",
      table(token) {
        const row = (cells) => cells.map((cell) => this.parser.parseInline(cell.tokens)).join(" | ");
        return `${[row(token.header), ...token.rows.map(row)].join(`
`)}${blockEnd}`;
      },
      strong({ tokens }) {
        return `<b>${this.parser.parseInline(tokens)}</b>`;
      },
      em({ tokens }) {
        return `<i>${this.parser.parseInline(tokens)}</i>`;
      },
      del({ tokens }) {
        return `<s>${this.parser.parseInline(tokens)}</s>`;
      },
      codespan: ({ text }) => `<code>${escapeHtml(text)}</code>`,
      br: () => `
`,
      link({ href, tokens }) {
        const label = this.parser.parseInline(tokens);
        return safeLink.test(href) ? `<a href="${escapeAttribute(href)}">${label}</a>` : label;
      },
      image({ href, text }) {
        return safeLink.test(href)
          ? `<a href="${escapeAttribute(href)}">${escapeHtml(text || href)}</a>`
          : escapeHtml(text);
      },
      text(token) {
        return "tokens" in token && token.tokens
          ? this.parser.parseInline(token.tokens)
          : escapeHtml(decodeMarkedEntities(token.text));
      },
    },
  });
function decodeMarkedEntities(text) {
  return text.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, name) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[name],
  );
}
function renderTelegramHtml(markdown) {
  return marked.parse(markdown).trim();
}
function visibleText(html) {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|amp|quot);/g, (_, name) => ({ lt: "<", gt: ">", amp: "&", quot: '"' })[name]);
}
function telegramLength(markdown) {
  return visibleText(renderTelegramHtml(markdown)).length;
}
function telegramChatId(chatId) {
  const id = Number(chatId);
  return /^-?\d+$/.test(chatId) && Number.isSafeInteger(id) ? id : chatId;
}
function telegramChunks(text) {
  return chunkText(text, { limit: MESSAGE_LIMIT, measure: telegramLength });
}
async function sendTelegramMessage(api, message, options, delivery) {
  const { log } = options,
    chatId = message.chatId,
    wireChatId = telegramChatId(chatId),
    chunks = telegramChunks(message.text),
    retry = (label) => ({
      classify: classifyTelegramError,
      log,
      label: `${label} to chat ${chatId}`,
      ...options.retry,
    }),
    ids = await deliverChunks(chunks, delivery, async (chunk, index) => {
      const common = {
          ...(message.threadId ? { message_thread_id: Number(message.threadId) } : {}),
          ...(index === 0 && message.replyToId
            ? { reply_parameters: { message_id: Number(message.replyToId), allow_sending_without_reply: !0 } }
            : {}),
        },
        sendPiece = async (piece) => {
          const html = renderTelegramHtml(piece),
            sent = await withRetry(
              () => api.sendMessage(wireChatId, html, { ...common, parse_mode: "HTML" }),
              retry("telegram sendMessage"),
            ).catch((error) => {
              if (!isEntityParseError(error)) throw error;
              return (
                log.warn({ chatId, err: error }, "telegram rejected the formatted text; sending it as plain text"),
                withRetry(
                  () => api.sendMessage(wireChatId, visibleText(html), common),
                  retry("telegram sendMessage (plain)"),
                )
              );
            });
          return String(sent.message_id);
        };
      try {
        return (
          await sendRefusable(chunk, {
            send: sendPiece,
            classify: telegramRefusal,
            sendNotice: (text) => api.sendMessage(wireChatId, text),
            log,
            chatId,
            platform: "telegram",
          })
        ).at(-1);
      } catch (error) {
        const failure = toChannelError(error, `sending chunk ${index + 1} of ${chunks.length} to chat ${chatId}`);
        throw (log.error({ chatId, err: error }, failure.message), failure);
      }
    });
  if (!message.attachments?.length) return ids;
  try {
    return [...ids, ...(await sendTelegramFiles(api, message, message.attachments, delivery))];
  } catch (error) {
    const failure = toChannelError(error, `sending files to chat ${chatId}`);
    throw (log.error({ chatId, err: error }, failure.message), failure);
  }
}
var PHOTO_LIMIT = 10 * 1024 * 1024;
async function sendTelegramFiles(api, message, files, delivery) {
  const chatId = telegramChatId(message.chatId),
    thread = message.threadId ? { message_thread_id: Number(message.threadId) } : {},
    photos = files.filter((file) => file.isImage && file.size <= PHOTO_LIMIT),
    documents = files.filter((file) => !photos.includes(file)),
    ids = [];
  for (const [type, group] of [
    ["photo", photos],
    ["document", documents],
  ])
    for (let start = 0; start < group.length; start += 10) {
      const batch = group.slice(start, start + 10),
        input = (file) => new import_grammy2.InputFile(file.path, file.name);
      if (batch.length === 1) {
        const file = batch[0],
          sent =
            type === "photo"
              ? await api.sendPhoto(chatId, input(file), thread)
              : await api.sendDocument(chatId, input(file), thread);
        ids.push(String(sent.message_id));
      } else {
        const sent =
          type === "photo"
            ? await api.sendMediaGroup(
                chatId,
                batch.map((file) => ({ type: "photo", media: input(file) })),
                thread,
              )
            : await api.sendMediaGroup(
                chatId,
                batch.map((file) => ({ type: "document", media: input(file) })),
                thread,
              );
        ids.push(...sent.map((item) => String(item.message_id)));
      }
      for (const file of batch) delivery?.onFileDelivered?.(file.name);
    }
  return ids;
}
var TELEGRAM_TEXT_LIMIT = 4096;
function keyboardFor(prompt) {
  return {
    inline_keyboard: buttonsOf(prompt).map(({ choice, label }) => [
      { text: label, callback_data: approvalButtonData(prompt.id, choice) },
    ]),
  };
}
async function postTelegramApproval(api, prompt) {
  const limit = TELEGRAM_TEXT_LIMIT - DECISION_ROOM;
  if (prompt.text.length > limit) throw new PromptTooLong(prompt.text.length, limit);
  const sent = await api.sendMessage(telegramChatId(prompt.chatId), prompt.text, {
    reply_markup: keyboardFor(prompt),
    ...(prompt.threadId ? { message_thread_id: Number(prompt.threadId) } : {}),
    ...(prompt.replyToId
      ? { reply_parameters: { message_id: Number(prompt.replyToId), allow_sending_without_reply: !0 } }
      : {}),
  });
  return { messageId: String(sent.message_id) };
}
async function settleTelegramApproval(api, prompt, handle, text) {
  await api.editMessageText(telegramChatId(prompt.chatId), Number(handle.messageId), text);
}
async function handleTelegramPress(context, approvals, log) {
  const query = context.callbackQuery,
    button = query?.data ? parseApprovalButton(query.data) : void 0;
  if (!query || !button || !approvals) {
    await context.answerCallbackQuery();
    return;
  }
  const from = query.from,
    answer = await approvals.press({
      channel: "telegram",
      chatId: String(query.message?.chat.id ?? ""),
      ...(query.message ? { messageId: String(query.message.message_id) } : {}),
      id: button.id,
      choice: button.choice,
      by: { userId: String(from.id), name: from.username ? `@${from.username}` : from.first_name },
    });
  if (answer.type !== "decided") {
    await context.answerCallbackQuery({ text: answer.text, show_alert: !0 });
    return;
  }
  await context.answerCallbackQuery();
  const message = query.message;
  message &&
    (await context.api
      .editMessageText(message.chat.id, message.message_id, answer.text)
      .catch((error) => log.warn({ err: error }, "telegram: showing the approval decision failed")));
}
var import_grammy3 = __toESM(require_mod(), 1);
async function learnBotIdentity(bot, signal, options) {
  try {
    await withRetry(
      async () => {
        bot.isInited() || (bot.botInfo = await bot.api.getMe(signal));
      },
      {
        classify: classifyTelegramError,
        attempts: 3,
        signal,
        log: options.log,
        label: "telegram getMe",
        ...options.retry,
      },
    );
  } catch (error) {
    const code = error instanceof import_grammy3.GrammyError ? error.error_code : void 0;
    throw code === 401 || code === 404
      ? new ChannelError(
          "auth",
          "telegram",
          `telegram: the bot token was rejected (${code} ${error.description}); check TELEGRAM_BOT_TOKEN (get one from @BotFather)`,
          { cause: error },
        )
      : new ChannelError(
          "network",
          "telegram",
          `telegram: cannot reach the Bot API at ${options.apiRoot ?? "https://api.telegram.org"}: ${error.message}`,
          { cause: error },
        );
  }
}
var import_grammy4 = __toESM(require_mod(), 1);
function toInboundMessage(message, bot, receivedAt = Date.now()) {
  const from = message.from;
  if (!from || from.id === bot.id) return;
  const isDirect = message.chat.type === "private",
    address = addressing(
      message.text ?? message.caption ?? "",
      message.entities ?? message.caption_entities ?? [],
      bot,
    );
  if (address.otherBot) return;
  const media = attachmentsOf(message),
    text = address.text;
  if (!text && media.length === 0) return;
  const repliesToBot = message.reply_to_message?.from?.id === bot.id,
    senderName = [from.first_name, from.last_name].filter(Boolean).join(" ");
  return {
    id: `telegram:${message.chat.id}:${message.message_id}`,
    channel: "telegram",
    chatId: String(message.chat.id),
    senderId: String(from.id),
    ...(senderName ? { senderName } : {}),
    ...(from.username ? { senderUsername: from.username } : {}),
    text,
    ...(message.is_topic_message && message.message_thread_id !== void 0
      ? { threadId: String(message.message_thread_id) }
      : {}),
    isDirect,
    ...(isDirect ? {} : { mentioned: address.mentioned || repliesToBot, replyToId: String(message.message_id) }),
    receivedAt,
    ...(media.length ? { media } : {}),
  };
}
function addressing(text, entities, bot) {
  let handle = bot.username.toLowerCase(),
    cuts = [],
    mentioned = !1,
    otherBot = !1,
    leading = /^\/[\w-]+@(\w+)/.exec(text);
  leading &&
    (leading[1].toLowerCase() === handle
      ? ((mentioned = !0), cuts.push({ start: leading[0].length - leading[1].length - 1, end: leading[0].length }))
      : (otherBot = !0));
  for (const entity of entities) {
    if (leading && entity.offset < leading[0].length) continue;
    const value = text.slice(entity.offset, entity.offset + entity.length);
    entity.type === "mention" && value.toLowerCase() === `@${handle}`
      ? ((mentioned = !0), cuts.push({ start: entity.offset, end: entity.offset + entity.length }))
      : entity.type === "text_mention" && entity.user.id === bot.id
        ? (mentioned = !0)
        : entity.type === "bot_command" &&
          value.toLowerCase().endsWith(`@${handle}`) &&
          ((mentioned = !0),
          cuts.push({ start: entity.offset + value.length - handle.length - 1, end: entity.offset + entity.length }));
  }
  let result = text;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) result = result.slice(0, cut.start) + result.slice(cut.end);
  return { text: result.replace(/[ \t]{2,}/g, " ").trim(), mentioned, otherBot };
}
function attachmentsOf(message) {
  const media = [],
    largestPhoto = message.photo?.at(-1);
  largestPhoto && media.push({ kind: "photo", ref: largestPhoto.file_id, ...sized(largestPhoto.file_size) });
  const files = [
    ["document", message.document],
    ["audio", message.audio],
    ["video", message.video],
    ["voice", message.voice],
  ];
  for (const [kind, file] of files) {
    if (!file) continue;
    const name = "file_name" in file ? file.file_name : void 0;
    media.push({
      kind,
      ref: file.file_id,
      ...(name ? { name } : {}),
      ...(file.mime_type ? { mimeType: file.mime_type } : {}),
      ...sized(file.file_size),
    });
  }
  return (
    message.sticker &&
      media.push({
        kind: "sticker",
        ref: message.sticker.file_id,
        ...(message.sticker.emoji ? { name: message.sticker.emoji } : {}),
      }),
    media
  );
}
function sized(size) {
  return size === void 0 ? {} : { size };
}
async function telegramFileSource(api, attachment, server, signal) {
  const file = await api.getFile(attachment.ref ?? "", signal);
  if (!file.file_path) throw new Error("Telegram gave no file_path for this file");
  const name = file.file_path.split("/").at(-1);
  return {
    url: `${server.apiRoot}/file/bot${server.token}/${file.file_path}`,
    ...(name && !attachment.name ? { name } : {}),
  };
}
async function fetchTelegramAttachment(api, attachment, server, options) {
  let source;
  try {
    source = await telegramFileSource(api, attachment, server, options.signal);
  } catch (error) {
    return error instanceof import_grammy4.GrammyError && /too big/i.test(error.description)
      ? { type: "too-large", maxBytes: options.maxBytes }
      : { type: "failed", reason: `getFile failed: ${error.message}` };
  }
  return downloadAttachment(source, options);
}
function createPollWatchdog(options) {
  let now = options.now ?? Date.now,
    inFlight,
    restarted = new WeakSet(),
    timer,
    check = () => {
      if (!inFlight || now() - inFlight.startedAt <= options.stallAfterMs) return;
      const seconds = Math.round((now() - inFlight.startedAt) / 1e3);
      options.log.warn(`telegram polling stalled: no answer to getUpdates for ${seconds} s; restarting the poller`),
        options.onFailure(`polling stalled (no answer to getUpdates for ${seconds} s); restarting`),
        restarted.add(inFlight.controller),
        inFlight.controller.abort();
    };
  return {
    transformer: async (previous, method, payload, signal) => {
      if (method !== "getUpdates") return previous(method, payload, signal);
      for (;;) {
        const controller = new AbortController(),
          forward = () => controller.abort();
        signal?.aborted && controller.abort(),
          signal?.addEventListener("abort", forward),
          (inFlight = { controller, startedAt: now() });
        try {
          const answer = await previous(method, payload, controller.signal);
          return (
            answer.ok
              ? options.onAnswer()
              : options.onFailure(`getUpdates failed: ${answer.error_code} ${answer.description}`),
            answer
          );
        } catch (error) {
          if (restarted.has(controller) && !signal?.aborted) continue;
          throw (signal?.aborted || options.onFailure(`getUpdates failed: ${error.message}`), error);
        } finally {
          signal?.removeEventListener("abort", forward), inFlight?.controller === controller && (inFlight = void 0);
        }
      }
    },
    start() {
      clearInterval(timer),
        (timer = setInterval(check, Math.max(50, Math.min(5e3, options.stallAfterMs / 4)))),
        timer.unref();
    },
    stop() {
      clearInterval(timer), (timer = void 0);
    },
  };
}
var import_grammy5 = __toESM(require_mod(), 1);
function telegramEditFloorMs(chatId) {
  return chatId.startsWith("-") ? 3e3 : 1e3;
}
function telegramStreamTransport(api, target, options) {
  const chatId = telegramChatId(target.chatId),
    retry = { classify: classifyTelegramError, log: options.log, label: "telegram editMessageText", ...options.retry };
  return {
    previewLimit: MESSAGE_LIMIT,
    async post(partialText) {
      const sent = await api.sendMessage(chatId, partialText, {
        ...(target.threadId ? { message_thread_id: Number(target.threadId) } : {}),
        ...(target.replyToId
          ? { reply_parameters: { message_id: Number(target.replyToId), allow_sending_without_reply: !0 } }
          : {}),
      });
      return String(sent.message_id);
    },
    async edit(messageId, partialText) {
      await api.editMessageText(chatId, Number(messageId), partialText);
    },
    chunks: telegramChunks,
    async editFinal(messageId, chunk) {
      const html = renderTelegramHtml(chunk);
      await withRetry(() => api.editMessageText(chatId, Number(messageId), html, { parse_mode: "HTML" }), retry).catch(
        (error) => {
          if (!isEntityParseError(error)) throw error;
          return (
            options.log.warn({ err: error }, "telegram rejected the formatted text; showing it as plain text"),
            withRetry(() => api.editMessageText(chatId, Number(messageId), visibleText(html)), retry)
          );
        },
      );
    },
    showsAsPreview(chunk, previewText) {
      const html = renderTelegramHtml(chunk);
      return !html.includes("<") && visibleText(html) === previewText;
    },
    async sendFrom(finalText, fromChunk, delivery) {
      return sendTelegramMessage(api, { ...target, text: finalText }, options, { ...delivery, fromChunk });
    },
    classify: classifyTelegramEdit,
  };
}
function classifyTelegramEdit(error) {
  return error instanceof import_grammy5.GrammyError
    ? error.error_code === 429
      ? { type: "rate-limited", retryAfterMs: (error.parameters.retry_after ?? 1) * 1e3 }
      : /message is not modified/i.test(error.description)
        ? { type: "not-modified" }
        : /message to edit not found|message can't be edited|MESSAGE_ID_INVALID/i.test(error.description)
          ? { type: "gone" }
          : { type: "failed" }
    : { type: "failed" };
}
var UpdateRecorder = class {
  #options;
  #batch = new Map();
  constructor(options) {
    this.#options = options;
  }
  transformer = async (previous, method, payload, signal) => {
    const answer = await previous(method, payload, signal);
    if (method !== "getUpdates" || !answer.ok) return answer;
    const updates = answer.result;
    return (
      (this.#batch = new Map(updates.map((update) => [update.update_id, this.#record(update)]))),
      await Promise.all(this.#batch.values()),
      answer
    );
  };
  record(update) {
    return this.#batch.get(update.update_id) ?? this.#record(update);
  }
  async #record(update) {
    if (!update.message) return;
    const inbound = toInboundMessage(update.message, this.#options.me(), update.message.date * 1e3);
    if (!inbound) return;
    const recorded = await this.#options.bus.publishInbound(inbound);
    this.#options.log.debug(
      { id: inbound.id, chatId: inbound.chatId, senderId: inbound.senderId, recorded },
      "telegram message received",
    );
  }
};
var import_node_http = __toESM(require_node_http(), 1),
  import_grammy6 = __toESM(require_mod(), 1);
import { randomBytes } from "node:crypto";
async function startWebhookServer(options) {
  const { bot, settings, log } = options,
    url = new URL(settings.webhook_url),
    secret = settings.webhook_secret ?? randomBytes(24).toString("hex"),
    handleUpdate = (0, import_grammy6.webhookCallback)(bot, "http", { secretToken: secret, onTimeout: "return" }),
    server = (0, import_node_http.createServer)((request, response) => {
      if (request.method !== "POST" || request.url?.split("?")[0] !== url.pathname) {
        response.writeHead(404).end();
        return;
      }
      handleUpdate(request, response).catch((error) => {
        log.error({ err: error }, "telegram: handling a webhook update failed"),
          response.headersSent || response.writeHead(500).end();
      });
    });
  await new Promise((resolve, reject) => {
    server.once("error", reject),
      server.listen(settings.webhook_port, options.host ?? "0.0.0.0", () => {
        server.off("error", reject), resolve();
      });
  });
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections(), server.close(() => resolve());
    });
  try {
    await withRetry(
      () => bot.api.setWebhook(url.href, { secret_token: secret, allowed_updates: options.allowedUpdates }),
      { classify: classifyTelegramError, attempts: 3, log, label: "telegram setWebhook" },
    );
  } catch (error) {
    throw (await close(), error);
  }
  const { port } = server.address();
  return (
    log.info({ port, path: url.pathname }, `telegram: receiving updates by webhook at ${url.origin}${url.pathname}`),
    { port, close }
  );
}
var updateTypes = ["message", "callback_query"],
  conflictHint = "another skein/bot instance is polling with this token",
  TelegramChannel = class {
    name = "telegram";
    #settings;
    #options;
    #log;
    #pollingTimeout;
    #apiRoot;
    #bot;
    #watchdog;
    #status = { state: "stopped", since: Date.now() };
    #stopping = !1;
    #stopped;
    #polling;
    #retryTimer;
    #pollingBackoff;
    #webhook;
    #leased = !1;
    #fenced = !1;
    #onAbort = () => {
      this.stop();
    };
    constructor(deps, options = {}) {
      const { settings } = deps;
      if (!settings.token)
        throw new ChannelError(
          "config",
          "telegram",
          "telegram: no bot token (set TELEGRAM_BOT_TOKEN or channels.telegram.token)",
        );
      (this.#settings = settings),
        (this.#options = options),
        (this.#pollingBackoff = new Backoff({ baseDelayMs: options.pollingRetryMs ?? 3e4, maxDelayMs: 6e5 })),
        (this.#log = deps.log.child({ channel: "telegram" })),
        (this.#pollingTimeout = options.pollingTimeoutSeconds ?? 30),
        (this.#apiRoot = settings.api_root?.replace(/\/+$/, "")),
        (this.#bot = new import_grammy7.Bot(settings.token, {
          client: {
            ...(this.#apiRoot ? { apiRoot: this.#apiRoot } : {}),
            timeoutSeconds: Math.max(60, 3 * this.#pollingTimeout),
            fetch: httpFetch,
            ...(settings.proxy ? { baseFetchConfig: { agent: new HttpsProxyAgent(settings.proxy) } } : {}),
          },
        })),
        (this.#watchdog = createPollWatchdog({
          stallAfterMs: options.stallAfterMs ?? (2 * this.#pollingTimeout + 10) * 1e3,
          log: this.#log,
          onAnswer: () => this.#pollAnswered(),
          onFailure: (detail) => this.#pollFailed(detail),
        })),
        this.#bot.api.config.use(this.#watchdog.transformer);
      const recorder = new UpdateRecorder({ bus: deps.bus, log: this.#log, me: () => this.#bot.botInfo });
      this.#bot.api.config.use(recorder.transformer),
        this.#bot.api.config.use((previous, method, payload, signal) =>
          this.#fenced && method === "getUpdates"
            ? Promise.resolve({ ok: !0, result: [] })
            : previous(method, payload, signal),
        ),
        this.#bot.on("message", (context) => recorder.record(context.update));
      const approvals = deps.approvals;
      this.#bot.on("callback_query:data", (context) => {
        handleTelegramPress(context, approvals, this.#log).catch((error) =>
          this.#log.warn({ err: error }, "telegram: answering a button press failed"),
        );
      }),
        this.#bot.catch((error) => this.#log.error({ err: error.error }, "telegram: handling an update failed"));
    }
    status() {
      return this.#status;
    }
    async start(signal) {
      await this.#open(signal), await this.startReceiving(signal);
    }
    async openForSending(signal) {
      (this.#leased = !0), await this.#open(signal), this.#setStatus("connected");
    }
    async startReceiving(signal) {
      this.#fenced = !1;
      try {
        this.#settings.webhook_url
          ? ((this.#webhook = await startWebhookServer({
              bot: this.#bot,
              settings: this.#settings,
              log: this.#log,
              allowedUpdates: [...updateTypes],
            })),
            this.#setStatus("connected"))
          : await this.#startPolling();
        const username = this.#bot.botInfo.username;
        this.#log.info(
          { username, mode: this.#settings.webhook_url ? "webhook" : "polling" },
          `telegram: receiving as @${username}`,
        );
      } catch (error) {
        throw (this.#leased || signal.removeEventListener("abort", this.#onAbort), this.#failed(error));
      }
    }
    async stopReceiving() {
      (this.#fenced = !0),
        clearTimeout(this.#retryTimer),
        this.#watchdog.stop(),
        this.#bot.isRunning() &&
          (await this.#bot.stop().catch((error) => this.#log.debug({ err: error }, "telegram: stopping polling"))),
        await this.#polling,
        await this.#webhook?.close(),
        (this.#webhook = void 0),
        this.#stopping || this.#setStatus("connected");
    }
    async #open(signal) {
      (this.#stopping = !1), (this.#stopped = void 0), this.#setStatus("starting");
      try {
        await learnBotIdentity(this.#bot, signal, {
          log: this.#log,
          apiRoot: this.#apiRoot,
          ...(this.#options.retry && { retry: this.#options.retry }),
        });
      } catch (error) {
        throw this.#failed(error);
      }
      signal.addEventListener("abort", this.#onAbort, { once: !0 });
    }
    #failed(error) {
      const failure =
        error instanceof ChannelError
          ? error
          : new ChannelError("network", "telegram", `telegram: cannot start: ${error.message}`, { cause: error });
      return this.#setStatus("failed", failure.message), failure;
    }
    async send(message, options) {
      const messageIds = await sendTelegramMessage(
        this.#bot.api,
        message,
        { log: this.#log, ...(this.#options.retry ? { retry: this.#options.retry } : {}) },
        options,
      );
      return { channel: this.name, chatId: message.chatId, messageIds };
    }
    openStream(target, resume) {
      if (!this.#settings.streaming) return;
      const log = this.#log.child({ chatId: target.chatId }),
        transport = telegramStreamTransport(this.#bot.api, target, {
          log,
          ...(this.#options.retry ? { retry: this.#options.retry } : {}),
        }),
        floorMs = this.#options.streamFloorMs ?? telegramEditFloorMs(target.chatId),
        intervalMs = Math.max(this.#settings.stream_interval * 1e3, floorMs);
      return new StreamedReply(transport, { intervalMs, ...(resume && { resume }) }, log);
    }
    askApproval(prompt) {
      return postTelegramApproval(this.#bot.api, prompt);
    }
    settleApproval(prompt, handle, text) {
      return settleTelegramApproval(this.#bot.api, prompt, handle, text);
    }
    async setCommands(commands) {
      await this.#bot.api.setMyCommands(
        commands.slice(0, 100).map(({ command, description }) => ({ command, description })),
      );
    }
    stop() {
      return (
        (this.#stopped ??= (async () => {
          (this.#stopping = !0),
            clearTimeout(this.#retryTimer),
            this.#watchdog.stop(),
            this.#bot.isRunning() &&
              (await this.#bot
                .stop()
                .catch((error) => this.#log.warn({ err: error }, "telegram: confirming the last update failed"))),
            await this.#polling,
            await this.#webhook?.close(),
            this.#setStatus("stopped");
        })()),
        this.#stopped
      );
    }
    fetchAttachment(attachment, options) {
      const server = { apiRoot: this.#apiRoot ?? "https://api.telegram.org", token: this.#settings.token ?? "" };
      return fetchTelegramAttachment(this.#bot.api, attachment, server, options);
    }
    indicateWorking(message) {
      const extra = message.threadId ? { message_thread_id: Number(message.threadId) } : {},
        showTyping = () => {
          this.#bot.api
            .sendChatAction(telegramChatId(message.chatId), "typing", extra)
            .catch((error) => this.#log.debug({ err: error }, "telegram: sendChatAction failed"));
        },
        timers = this.#options.timers ?? { setInterval, clearInterval };
      showTyping();
      const timer = timers.setInterval(showTyping, this.#options.typingIntervalMs ?? 4e3);
      return timer.unref(), { end: () => timers.clearInterval(timer) };
    }
    #setStatus(state, detail) {
      (this.#status.state === state && this.#status.detail === detail) ||
        (this.#status = { state, since: Date.now(), ...(detail ? { detail } : {}) });
    }
    #pollAnswered() {
      this.#pollingBackoff.reset(),
        !this.#stopping &&
          (this.#status.state === "disconnected" && this.#log.info("telegram: polling works again"),
          this.#setStatus("connected"));
    }
    #pollFailed(detail) {
      this.#stopping ||
        (this.#status.state === "connected" &&
          this.#log.warn({ detail }, `telegram: ${detail}; retrying, and receiving nothing until a poll succeeds`),
        this.#setStatus("disconnected", detail));
    }
    #startPolling() {
      return new Promise((resolve, reject) => {
        let started = !1;
        this.#polling = this.#bot
          .start({
            timeout: this.#pollingTimeout,
            allowed_updates: [...updateTypes],
            onStart: () => {
              (started = !0), this.#watchdog.start(), this.#setStatus("connected"), resolve();
            },
          })
          .catch((error) => {
            this.#watchdog.stop(), started ? this.#pollingStopped(error) : reject(error);
          });
      });
    }
    #pollingStopped(error) {
      if (this.#stopping || this.#fenced) return;
      const code = error instanceof import_grammy7.GrammyError ? error.error_code : void 0;
      if (code === 401) {
        this.#log.error({ err: error }, "telegram: the bot token was revoked (401 Unauthorized); polling stopped"),
          this.#setStatus("failed", "bot token rejected (401 Unauthorized)");
        return;
      }
      const retryDelayMs = this.#pollingBackoff.next(),
        seconds = Math.round(retryDelayMs / 1e3),
        reason = code === 409 ? `409 Conflict: ${conflictHint}` : `polling failed: ${error.message}`;
      this.#log.error(
        { err: error },
        code === 409
          ? `telegram: ${conflictHint} (409 Conflict); stop the other one. Polling again in ${seconds} s`
          : `telegram: ${reason}; polling again in ${seconds} s`,
      ),
        this.#setStatus(this.#leased && code === 409 ? "disconnected" : "failed", reason),
        (this.#retryTimer = setTimeout(() => {
          (this.#retryTimer = void 0),
            !this.#stopping && !this.#fenced && this.#startPolling().catch((failure) => this.#pollingStopped(failure));
        }, retryDelayMs)),
        this.#retryTimer.unref();
    }
  };
export { TelegramChannel };
//# sourceMappingURL=telegram-channel-3Z6EVZKE.js.map
