extension DemoEdition {
    /// Sports: club sport, grassroots leagues and the people who keep them going.
    static let sidelineCourier = DemoSource(
        id: "sideline-courier",
        name: "The Sideline Courier",
        description: "Match reports and features from the club grounds, harbours and hill trails of Glenridge and the Tamsin coast. (demo)",
        siteURL: "https://sideline-courier.example",
        category: .sports,
        language: .en,
        countryCode: "nz",
        monogram: "SC",
        palette: DemoPalette(
            backgroundStart: "#0e3b2e", backgroundEnd: "#1d6e52",
            accents: ["#f05d4d", "#ffb238", "#f6f1e9"], ink: "#ffffff"
        ),
        motif: .stripes,
        articles: [
            DemoArticle(
                slug: "rovers-edge-harbourside-final",
                title: "Glenridge Rovers edge Harbourside in a final decided at the death",
                author: "Callum Te Awanui-Reid",
                summary: "A try in the final minute gave Glenridge Rovers a 24–22 win in the Tamsin Coast club final. Harbourside had led for most of a cold, windy afternoon.",
                body: """
                For seventy-nine minutes at Wharf Road Park, it looked like Harbourside’s day. They had the wind at their backs in the first half, the better of the scrums throughout, and the lead for all but a few minutes of the afternoon.

                Then, with the clock showing eighty and the crowd on its feet, Rovers’ fullback Mele Fonoti-Grant collected a charged-down kick near halfway, beat two defenders and ran in from fifty metres. The conversion was missed. It did not matter. Glenridge Rovers were champions, 24–22.

                ## A game of two halves

                Harbourside used the southerly well in the first half, pinning Rovers in their own corner with long kicks and scoring twice from lineouts. They went into the break leading 17–7.

                Rovers came out with a different plan, keeping the ball in hand and running at the edges. Two tries in ten minutes put them briefly ahead, 19–17, before a well-worked Harbourside try restored the lead at 22–19.

                From there the game became a siege. Rovers camped in the Harbourside half for most of the final quarter, but a determined defence held them out three times on the line. Harbourside lock Tomasi Brennan made tackle after tackle and was later named player of the match, an award he described as “cold comfort, but I’ll take it”.

                ## The last play

                With a minute left, a Harbourside clearance kick was charged down and skewed high towards halfway. Fonoti-Grant was the first to react. She gathered it on the bounce, stepped inside the chasing winger, swerved past the covering fullback and had only the wind for company for the final twenty metres. The Rovers bench emptied onto the field before the referee had finished blowing his whistle. In the stand, a group of supporters who had travelled from Glenridge in a hired bus began a song that was still going when the trophy was presented half an hour later.

                ## Voices from the sideline

                > “We told them at half-time: keep the ball, trust each other, and the chances will come,” said Rovers coach Aroha Pennington. “They did, right at the end.”

                Harbourside’s captain, Sione Laidlaw, was gracious in defeat. “We played well enough to win and didn’t,” he said. “That’s the game. Fair play to them.”

                The two sides will meet again on the first weekend of next season, in what is already being called the rematch.
                """
            ),
            DemoArticle(
                slug: "rowing-club-before-dawn",
                title: "On the water before dawn with the Tamsin Harbour Rowing Club",
                author: "Hana Whitlock",
                summary: "Five mornings a week, the rowers of Tamsin Harbour launch in the dark and race the sunrise across the bay. We joined them for a session.",
                body: """
                At ten past five, the boatshed lights come on. By twenty past, eight rowers are carrying a long, narrow boat down the ramp, upside down over their heads, their breath clouding in the cold.

                The Tamsin Harbour Rowing Club has trained at this hour for ninety years. The water is calmest before the wind gets up, and most members have jobs to get to afterwards.

                ## Finding the rhythm

                Once on the water, the crew settles into a steady rhythm. The coxswain, a small figure at the stern with a headset, calls out each change of pace. The only other sounds are the clunk of oars turning in their locks and the hiss of the hull through flat water.

                [figure] The club’s eight crosses the harbour mouth as the first light reaches the hills.

                The session lasts ninety minutes: a long steady row across the bay, a series of short hard pieces, and a slow paddle home as the sun comes up behind the hills.

                ## A club for all ages

                The club has about two hundred members, from school students to a crew of rowers in their seventies who call themselves the Early Risers. Beginners’ courses run each spring and summer.

                Club captain Lydia Marangoni says the appeal is hard to explain until you have tried it. “You are tired, it is dark, your hands hurt,” she said. “And then the sun comes up over the water and you remember why you do it.”
                """
            ),
            DemoArticle(
                slug: "under-nines-no-scores",
                title: "In the under-nines league, nobody keeps score, and everybody knows it",
                author: "Callum Te Awanui-Reid",
                summary: "Glenridge’s junior football league stopped recording results for its youngest players. Coaches say the games are better for it; the children still know exactly who won.",
                body: """
                On Saturday mornings, the fields behind Glenridge School fill with small footballers in oversized shirts. There are twelve games under way at once, each on a pitch the size of a tennis court, with four players a side and no goalkeepers.

                None of the results are written down. The league stopped keeping scores for its under-nines five years ago.

                ## Why no scores

                The league’s organisers wanted young players to spend more time with the ball and less time worrying about the result. Smaller teams mean more touches. Small pitches mean more goals. No league tables mean no pressure to leave weaker players on the bench.

                - Every player gets equal time on the pitch.
                - Coaches rotate players through every position.
                - Parents are asked to cheer for good play by either side.

                ## What the children think

                The children, of course, keep score anyway. Ask any of them after a game and they will tell you the result, the scorers and a disputed goal from the second half.

                > “That’s fine,” said league coordinator Tessa Brightwater. “The score belongs to them. We just don’t need the adults making it the most important thing.”
                """
            ),
            DemoArticle(
                slug: "netball-team-forty-years",
                title: "Forty years, one netball team, and the same Thursday night court",
                author: "Hana Whitlock",
                summary: "The Kittiwakes first took the court together as teenagers. Four decades later, seven of the original players still turn out every week.",
                body: """
                The Kittiwakes played their first game in the Glenridge evening league as a team of fifteen-year-olds, in borrowed bibs, on a court with a crack running through the centre circle. They lost by thirty goals.

                Forty years later, they are still playing on the same court, on the same night of the week. The crack has been repaired. Seven of the original players are still on the team.

                ## Growing up together

                Over four decades, the team has seen its players through school, work, weddings, children, grandchildren and, in one case, a move overseas and back again. New players have joined along the way, including two daughters of original members.

                They now play in the league’s masters division, where the pace is gentler but the competition is, by all accounts, just as fierce.

                ## The secret of a long team

                Asked how a team lasts forty years, the players give the same answers: turn up, pass the ball, and never take the result home with you. After every game, win or lose, they go to the same café for hot chips.

                > “We have had better teams and worse teams,” said wing defence Lorraine Faleolo. “We have never had a better group of people.”
                """
            ),
            DemoArticle(
                slug: "lighthouse-trail-race",
                title: "The trail race that ends at a lighthouse",
                author: "Marcus Oduya-Fleet",
                summary: "The Cape Tamsin Lighthouse Run climbs twenty-one kilometres of coastal track to a finish line beside the lamp. This year’s field was its largest yet.",
                body: """
                The Cape Tamsin Lighthouse Run starts on a beach and finishes two hundred metres above it, on a grassy headland beside a white lighthouse. In between lie twenty-one kilometres of coastal track, three stream crossings and one very long set of steps.

                This year, six hundred runners took part, the largest field in the race’s twenty-two years.

                ## The course

                The first half follows the cliff tops, rising and falling over a series of headlands. The second half turns inland through coastal bush before climbing steeply to the cape. The final kilometre, along the exposed ridge to the lighthouse, is often into a strong wind.

                [figure] Runners on the final ridge, with the lighthouse and the finish line ahead.

                ## The front and the back

                The race was won by local runner Keri Ashdown-Pau, who has trained on the track since she was a teenager. She finished in just under two hours and was greeted at the line by her grandmother, who had walked up from the car park.

                At the other end of the field, the last runners arrived more than five hours after the start, to the biggest cheer of the day. The race tradition is that the lighthouse keeper, now a volunteer from the local trust, shakes the hand of every finisher.

                Organisers say entries for next year open in spring. They advise bringing a warm layer for the finish.
                """
            ),
            DemoArticle(
                slug: "restoring-outdoor-velodrome",
                title: "Cyclists bring an old outdoor velodrome back to life",
                author: "Callum Te Awanui-Reid",
                summary: "The concrete track at Fernside Park was built for a regional games sixty years ago and left to weeds. A volunteer club has resurfaced it and reopened it for racing.",
                body: """
                The Fernside Park velodrome was built for a regional games sixty years ago: a steeply banked oval of concrete, three hundred and thirty metres round, with a small grandstand on one side. After the games it was used less and less, and for twenty years weeds grew through the cracks.

                Three years ago, a group of local cyclists formed the Fernside Track Club with a single goal: to race on it again.

                ## Crack by crack

                The club spent two summers filling cracks, grinding down uneven joints and repainting the lines. A local engineering firm checked the banking and donated the surface coating. Volunteers cleared the grandstand and built a new fence around the infield.

                The track reopened last month with a small race meeting. Two hundred spectators came, some of whom had raced there as children.

                ## Open to all

                The club runs weekly sessions for beginners, with bikes available to borrow, and evening racing in summer. Track bikes have a single fixed gear and no brakes, which takes some getting used to, so new riders start on the flat inner lane.

                The club’s president, Wiremu Castellan, says the aim is simple. “It was built for people to ride on,” he said. “So now they do.”
                """
            ),
            DemoArticle(
                slug: "harbour-crossing-swim",
                title: "Three hundred swimmers take on the annual harbour crossing",
                author: "Hana Whitlock",
                summary: "The Tamsin Harbour Crossing, a 2.4-kilometre open-water swim, drew its biggest field in a decade. Calm water and a warm morning made for quick times.",
                body: """
                The Tamsin Harbour Crossing has been swum every summer for more than fifty years, from the slipway at Pilot Bay to the beach below the old signal station. Some years it is rough and cold. This year, it was neither.

                Three hundred swimmers set off in four waves on a bright, still morning. The water was the warmest the organisers could remember, and the tide was running gently in the swimmers’ favour.

                ## Kayaks, boats and a lot of orange caps

                Safety on the course is handled by a flotilla of volunteer kayakers, surf lifesavers and two harbour launches. Every swimmer wears a bright orange cap with a number written on it in marker pen.

                The fastest swimmers completed the crossing in a little over half an hour. The average was about an hour, and the last swimmer, a retired dentist attempting the crossing for the first time at the age of seventy-six, finished in just under two.

                ## A family tradition

                For many families, the crossing is an annual ritual. This year, four generations of the Mahuika-Bell family swam together, ranging in age from fourteen to eighty-one.

                Organisers say the event’s success depends entirely on its volunteers, more than a hundred of them, who start setting up at dawn and are still packing away at lunchtime.
                """
            ),
            DemoArticle(
                slug: "training-new-referees",
                title: "The quiet job of training new referees",
                author: "Marcus Oduya-Fleet",
                summary: "Every weekend, club sport depends on referees and umpires who rarely get thanked. A mentoring programme in Glenridge is helping new officials stay in the game.",
                body: """
                Ask anyone involved in club sport what keeps them awake at night, and sooner or later they will mention referees. There are never quite enough, and new ones often give up within a season.

                The Glenridge Sports Council decided to try something different. Two years ago, it started pairing every new referee, umpire and match official with an experienced mentor for their first season.

                ## A friendly voice on the sideline

                Mentors attend their mentee’s first few games, stand on the sideline, and talk through the game afterwards over a cup of tea. They do not criticise during play. They focus on one or two things to work on each week.

                - New officials start with junior games and move up gradually.
                - Each code sets its own training, but mentoring is shared across sports.
                - Clubs are asked to introduce officials to both teams before kick-off.

                ## Keeping people in

                Before the programme, about half of new officials stopped after one season. Now, about four in five return for a second. The council says the change is not only about skills but about feeling supported.

                > “The hardest part of refereeing is feeling alone,” said mentor Bernard Ngata-Sloane, who has refereed for thirty years. “If you know someone has your back, the whistle gets lighter.”
                """
            ),
            DemoArticle(
                slug: "wheelchair-basketball-road-trip",
                title: "Road trip: the Glenridge Gales take wheelchair basketball on tour",
                author: "Callum Te Awanui-Reid",
                summary: "The Gales spent a week travelling the coast to play exhibition games in school gyms. In every town, local students ended up on the court with them.",
                body: """
                The Glenridge Gales wheelchair basketball team spent a week this winter in a minibus with a trailer full of sports chairs, visiting five towns along the coast. In each one they played an exhibition game in a school gym, and then invited the audience to join them.

                ## A game for everyone

                Wheelchair basketball is played on a standard court with a standard hoop. Players must dribble or pass the ball while pushing their chairs, and contact between chairs is carefully regulated. The sport is open to players with and without disabilities in many local leagues.

                At every stop, the team brought spare chairs so local students and teachers could try the game. Most were surprised by how difficult it was to push, turn and shoot at the same time.

                [figure] Students at Tamsin High try the sport for the first time after the exhibition game.

                ## Building something lasting

                The tour’s aim was to inspire new teams along the coast. Two of the schools have since asked to borrow chairs for a term, and a sports club in one town is planning a weekly session.

                > “People watch for ten minutes and think they understand it,” said Gales captain Tevita Holloway-Mason. “Then they sit in a chair and realise how much skill it takes. That is the moment they get hooked.”
                """
            ),
            DemoArticle(
                slug: "groundskeeper-cricket-pitch",
                title: "The groundskeeper’s art: preparing a cricket pitch",
                author: "Marcus Oduya-Fleet",
                summary: "At the Domain Oval, groundskeeper Ruth Kingsley-Ward spends ten days preparing each pitch for a weekend match. She explains what goes into twenty-two yards of grass.",
                body: """
                From the grandstand, a cricket pitch looks like a strip of pale lawn. To Ruth Kingsley-Ward, head groundskeeper at Glenridge’s Domain Oval, it is ten days of careful work and a great deal of watching the sky.

                ## Ten days to a pitch

                Preparation begins with heavy watering to soak the clay soil beneath the grass. Over the following days, the pitch is rolled, first with a light roller and then with heavier ones, pressing the soil firm and flat.

                The grass is cut shorter each day. By match day, it is just a few millimetres long, enough to bind the surface together without slowing the ball.

                ## Reading the weather

                Sun dries the pitch and makes it harder and faster. Rain softens it. Kingsley-Ward checks the forecast several times a day and covers the pitch when showers threaten.

                > “The pitch should give something to everyone,” she said. “A bit of pace early on for the bowlers, good batting in the middle of the game, and some turn for the spinners at the end.”

                After thirty years in the job, she still walks out to the pitch every morning with a cup of coffee, crouches down, and presses the surface with her thumb.
                """
            ),
            DemoArticle(
                slug: "junior-regatta-homebuilt-dinghies",
                title: "Junior sailors race the dinghies they built themselves",
                author: "Hana Whitlock",
                summary: "Over one winter, twelve young members of the Pilot Bay Sailing Club built their own small wooden dinghies. In summer, they raced them.",
                body: """
                Last winter, the boatshed at Pilot Bay Sailing Club turned into a workshop. Twelve junior members, aged eleven to sixteen, spent their Saturday mornings there building small wooden sailing dinghies from kits of marine plywood.

                ## From plans to planks

                Each dinghy is just under three metres long, with a single sail and a simple design suited to beginners. The young builders learnt to measure, cut, glue and sand, helped by volunteer club members with woodworking experience.

                - Hulls were built in pairs, so builders could help each other.
                - Each boat was painted in its builder’s chosen colours.
                - Every builder named their own boat.

                ## Race day

                The dinghies were launched at a ceremony in spring, and in summer the club held its first homebuilt regatta. Twelve brightly painted boats raced three short courses around buoys in the bay.

                The winner was fourteen-year-old Amelia Rangi-Cooper in a dinghy named *Second Attempt*, so called because her first hull had to be taken apart and started again.

                The club plans to run the programme again next winter. The waiting list already has twenty names.
                """
            ),
            DemoArticle(
                slug: "volunteers-build-bike-trail",
                title: "Volunteers carve a new mountain bike trail, one shovel at a time",
                author: "Marcus Oduya-Fleet",
                summary: "The Ridgeback Trail, eight kilometres of hand-built track through regenerating forest above Glenridge, opened this month. It took three hundred volunteers four years.",
                body: """
                Riding the Ridgeback Trail takes about forty minutes. Building it took four years, three hundred volunteers and, by one estimate, more than twenty thousand hours of digging.

                The trail winds eight kilometres through regenerating forest on the hills above Glenridge. It climbs gradually on a smooth, well-drained track, then descends through a series of banked corners and rocky sections.

                ## Built by hand

                Almost all the work was done with hand tools. Volunteers dug the track bed, laid rock drains to keep water off the surface, and built wooden bridges over three gullies. A small machine helped only on the steepest sections.

                The trail was designed to sit lightly in the landscape. Its route avoids the largest trees, and its builders planted native seedlings along the edges where the ground was disturbed.

                ## Open for all

                The trail is graded intermediate, but an easier loop near the car park was built for children and beginners. Walkers are welcome on the lower sections.

                The volunteer trail trust now runs monthly dig days to maintain the track, and is already planning a second trail on the other side of the valley.
                """
            ),
        ]
    )
}
