extension DemoEdition {
    /// Business: small firms, co-ops and the working economy of a port city.
    static let harborStreetLedger = DemoSource(
        id: "harbor-street-ledger",
        name: "Harbor Street Ledger",
        description: "Business news from the workshops, markets and family firms of Port Anselm and the towns along its coast. (demo)",
        siteURL: "https://harbor-street-ledger.example",
        category: .business,
        language: .en,
        countryCode: "ca",
        monogram: "H",
        palette: DemoPalette(
            backgroundStart: "#12233d", backgroundEnd: "#24466e",
            accents: ["#e9b949", "#47b5a7", "#f27059"], ink: "#fbf7ee"
        ),
        motif: .columns,
        articles: [
            DemoArticle(
                slug: "bakery-owned-by-its-bakers",
                title: "Lindgren’s Bakery is now owned by the people who bake its bread",
                author: "Colette Marchand-Ruiz",
                summary: "After forty years, the Lindgren family has sold its Port Anselm bakery to its twenty-two employees. The new co-operative opened its first members’ meeting with cinnamon buns.",
                body: """
                When Astrid Lindgren-Cole decided to retire, she had three offers for the bakery her parents founded on Tanner Street. Two came from larger chains. The third came from the people working her ovens.

                She took the third. As of this month, Lindgren’s Bakery is a worker co-operative: each of its twenty-two employees owns one share, has one vote, and receives a portion of any surplus at the end of the year.

                ## How the sale worked

                The employees could not raise the full price at once, so the sale is being paid in instalments over eight years, partly from the bakery’s own earnings. A regional co-operative development fund lent the rest, and a volunteer adviser helped the staff write their rules.

                - Members elect a board of five, including at least one baker from the night shift.
                - New employees can become members after a year.
                - Any member can put a question to the annual meeting.

                > “I wanted the bakery to stay on Tanner Street, and I wanted it to stay the kind of place people like to work,” Lindgren-Cole said. “This seemed the surest way to do both.”

                ## Business as usual, mostly

                Customers will notice little. The sourdough is the same, the queue on Saturday mornings is the same, and Lindgren-Cole still comes in on Fridays to make the rye. The difference is in the back room, where the weekly planning meeting now includes everyone who wants to attend.

                The co-operative’s first decision as owners was a small one: to open half an hour later on Sundays. It passed by twenty votes to two.
                """
            ),
            DemoArticle(
                slug: "market-hall-night-market",
                title: "The old market hall finds a second life after dark",
                author: "Devendra Oyelowo",
                summary: "Trade at the Quayside Market Hall had been slowing for years. A Friday night market with food stalls and local makers has more than doubled its footfall.",
                body: """
                For most of its hundred and twelve years, the Quayside Market Hall closed at five. Its stallholders sold fish, cheese and vegetables to early risers, and by late afternoon the great iron-framed hall was quiet.

                Three years ago, the hall’s management board tried an experiment: keep the doors open on Friday evenings, string lights between the columns, and invite food vendors and local craftspeople to take the empty pitches.

                ## The numbers

                The first night drew a modest crowd. By the end of the first summer, Friday evenings regularly brought more visitors than the busiest Saturday morning. The board now counts more than twice as many visitors each week as before the change.

                [figure] Weekly visitors to the hall, before and after the Friday night market began.

                Daytime traders have benefited too. Several fishmongers now sell cooked dishes on Friday nights, and a cheesemaker who had been thinking of closing her stall has taken on an assistant instead.

                ## Keeping it local

                The board keeps a waiting list for evening pitches and gives priority to businesses from within the city. Rents are set low for the first six months, so new traders can find their feet.

                The biggest complaint, according to the board’s surveys, is that the market ends at ten. The board says it has no plans to change that: the fish traders need to be up at four.
                """
            ),
            DemoArticle(
                slug: "courier-company-stays-small",
                title: "Why Copperline Couriers decided not to grow",
                author: "Colette Marchand-Ruiz",
                summary: "The bicycle delivery firm turned down an offer to expand into three new cities. Its founders say staying small is a business plan, not a lack of ambition.",
                body: """
                Copperline Couriers has eighteen riders, two cargo bikes, one office above a bicycle shop, and no intention of getting much bigger. Last spring, it declined an invitation to open branches in three neighbouring cities.

                ## The case for staying put

                Its founders, Rosalind Achebe and Marco Feltham, say the company works because everyone knows the city and everyone knows each other. Riders learn which loading docks are open early, which receptionists prefer a phone call, and which hills to avoid in the rain.

                > “We could have grown faster,” Feltham said. “But every rider we hired would have been someone we had less time to train and less time to listen to.”

                Instead, the company has focused on doing more for the customers it has: scheduled rounds for law offices and pharmacies, a same-hour service for print shops, and a quiet line in delivering birthday cakes.

                ## What it means for riders

                Riders are employees rather than contractors, with set shifts and paid time for bike maintenance. Turnover is low. Several riders have been with the firm for more than five years, which in the courier world is a long time.

                The founders are open about the trade-off. The firm will never be large, and it will never dominate its market. What it has, they say, is a steady business that they enjoy running.
                """
            ),
            DemoArticle(
                slug: "shipyard-apprentices",
                title: "A shipyard and a trade school rebuild the apprenticeship",
                author: "Tobiah Wrenshaw",
                summary: "Halvorsen Marine and the Port Anselm Technical College have redesigned their joint apprenticeship around real repair jobs. The first cohort finishes this spring.",
                body: """
                The workshop at Halvorsen Marine smells of sawdust, paint and the sea. On any given morning, a dozen apprentices are at work alongside the regular crew, fitting planks to a fishing boat’s hull or stripping an engine down to its parts.

                Until a few years ago, apprentices spent most of their first year in a classroom. The shipyard and the Port Anselm Technical College have since turned that around: students now spend four days a week in the yard and one in college, starting in their first month.

                ## Learning on real boats

                Each apprentice is paired with an experienced shipwright who acts as a mentor for the full three years. The college’s teachers visit the yard weekly and build their lessons around whatever the apprentices are working on.

                - In the first year, apprentices learn timber, tools and safety.
                - In the second, engines, electrics and the basics of estimating a job.
                - In the third, each leads a small repair from start to finish.

                ## Early results

                The first cohort of eleven finishes this spring. Nine have already been offered jobs at the yard, and the other two plan to work at smaller boatyards along the coast.

                Halvorsen’s managing director, Ingrid Halvorsen-Mbeki, says the main benefit has been confidence. Apprentices who learn in the yard from the start, she says, stop being afraid of making mistakes, because they see the experienced crew make and fix them too.
                """
            ),
            DemoArticle(
                slug: "printing-firm-four-day-week",
                title: "A year of the four-day week at Northwick Printing",
                author: "Devendra Oyelowo",
                summary: "The family-run printer moved its staff to four longer days and kept the presses running five. Its managers and staff describe what changed and what did not.",
                body: """
                Northwick Printing has run its presses on Tanner Street for fifty-three years. A year ago, it made its biggest change since it bought its first digital press: its thirty staff moved to a four-day week.

                Each person now works four slightly longer days, and the team is split so that the presses still run from Monday to Friday. Pay did not change.

                ## What the firm noticed

                The firm’s managers say the change required more planning than expected. Rotas had to be rebuilt, and the firm had to make sure at least two people who could run each machine were in on every day.

                Once the new routine settled, sick days fell and fewer people left. The firm also found that meetings shrank, because with one day fewer, people were less willing to spend time in them.

                ## What staff say

                Staff describe the third day off in different ways: time with children, time for a second craft, time simply to rest. Several said they arrive on Monday more willing to tackle difficult jobs.

                The managers are careful not to call the change a formula for others. It suited a firm with steady work and a close team, they say, and it depended on everyone agreeing to cover for each other. They plan to review it again next year.
                """
            ),
            DemoArticle(
                slug: "hardware-store-next-to-big-box",
                title: "How Fenwick Hardware outlasted the superstore across the road",
                author: "Tobiah Wrenshaw",
                summary: "When a large home improvement chain opened opposite, few expected the small hardware store to survive. Twelve years later, it is busier than ever.",
                body: """
                When the superstore opened on the other side of Mill Road, the Fenwick family was told to expect the worst. The chain sold most of what they sold, in larger quantities, with a car park ten times the size.

                Twelve years later, the superstore has closed, and Fenwick Hardware has taken on two more staff.

                ## Selling help, not just hardware

                The Fenwicks made a decision early on: they would not compete on the price of a box of screws. They would compete on knowing which screws you needed. Staff are hired for their experience, and customers are encouraged to bring in the broken part.

                The shop sells nails by weight, cuts keys while you wait, sharpens blades and lends out specialist tools for a small deposit. A whiteboard by the till lists which staff member to ask about plumbing, electrics and wood.

                > “People come in with a problem, not a shopping list,” said Bernadette Fenwick, who runs the shop with her brother. “Our job is to send them home with a solution.”

                ## A neighbourhood habit

                Regulars say they visit even when they could buy online, because a short conversation saves them a second trip. Tradespeople stop in early for parts and stay for coffee from a machine in the corner.

                The Fenwicks do not claim their approach would suit every business. But on Mill Road, at least, the smaller shop turned out to be the one people needed.
                """
            ),
            DemoArticle(
                slug: "maple-syrup-shared-sugarhouse",
                title: "Maple farmers pool their equipment in a shared sugarhouse",
                author: "Colette Marchand-Ruiz",
                summary: "Eleven small maple producers near Birchfall now boil their sap in one shared building. The co-operative says it has cut costs and improved quality for everyone.",
                body: """
                Each spring, for about six weeks, the woods around Birchfall fill with buckets and tubing as maple sap begins to run. Turning that sap into syrup means boiling away most of its water, which takes time, fuel and expensive equipment.

                For years, each of the area’s small producers ran its own evaporator in its own shed. Four years ago, eleven of them decided to share.

                ## One sugarhouse, eleven farms

                The Birchfall Sugaring Co-operative built a single sugarhouse on land donated by one of its members. It houses a large modern evaporator, a filtering room and a small laboratory for grading syrup.

                Members deliver their sap by tanker, and each farm’s batch is boiled separately so it can be sold under its own name. A rota means every member spends a few shifts a season helping run the boil.

                [figure] Sap deliveries to the shared sugarhouse over one season, by week.

                ## What changed

                Members say the shared equipment boils sap faster and uses less fuel than their old evaporators. The laboratory has helped them grade their syrup consistently, which matters to the shops and restaurants that buy it.

                Just as important, they say, is the company. Sugaring season used to mean long nights alone in a shed. Now it means long nights with neighbours, a large pot of soup, and a lot of opinions about the weather.
                """
            ),
            DemoArticle(
                slug: "cardboard-box-factory",
                title: "The most important product nobody thinks about: a visit to a box factory",
                author: "Tobiah Wrenshaw",
                summary: "Calloway Packaging makes two million cardboard boxes a month in a plant outside Port Anselm. Its designers spend their days making them smaller.",
                body: """
                Almost everything you own arrived in a box at some point. At Calloway Packaging, on an industrial estate on the edge of Port Anselm, making those boxes is a science.

                The plant takes in giant rolls of paper and turns them into corrugated board: two flat sheets with a wavy layer glued between them. The waves make the board stiff and light, like the arches of a bridge.

                ## Designing a smaller box

                Calloway’s small design team spends much of its time on a single question: what is the smallest box that will protect this product? Every centimetre saved means less board, less weight on the lorry and more boxes in each load.

                - Designers test prototypes by dropping them from a set height.
                - A vibration table imitates a long drive on rough roads.
                - Boxes that pass are weighed against the box they replace.

                > “The best compliment a customer can give us is that they never think about their box,” said senior designer Yusuf Ekwueme. “It just arrives, and the thing inside is fine.”

                ## Closing the loop

                Much of the paper Calloway uses is itself made from old boxes, collected, pulped and pressed into new rolls. The firm says it is now working with its customers to replace plastic tape and fillers with paper versions, so the whole box can go back into the cycle.
                """
            ),
            DemoArticle(
                slug: "shared-kitchen-food-startups",
                title: "A shared kitchen gives food start-ups a place to begin",
                author: "Devendra Oyelowo",
                summary: "The Tanner Street Kitchen rents fully equipped commercial kitchens by the hour. Its first forty tenants include hot sauce makers, a dumpling business and a dog-biscuit baker.",
                body: """
                Starting a food business usually means finding a commercial kitchen, and a commercial kitchen is expensive to build. The Tanner Street Kitchen offers another route: rent one by the hour.

                The building, a former laundry, now holds four fully equipped kitchens, a packing room, cold storage and a small classroom. Tenants book time through a shared calendar and store their ingredients in labelled shelves and fridges.

                ## Who uses it

                In its first two years, about forty businesses have used the kitchen. Most are run by one or two people, often alongside other jobs. Products range from hot sauces and jams to frozen dumplings, wedding cakes and a popular line of dog biscuits.

                ## More than a room

                The kitchen’s manager, Thandiwe Larkspur, says the most useful thing it offers may be the other tenants. People share suppliers, swap advice on labelling rules, and taste each other’s recipes.

                Six tenants have now grown large enough to move into premises of their own. Larkspur counts each departure as a success, and keeps a photograph of every one on the wall by the door.
                """
            ),
            DemoArticle(
                slug: "life-of-a-wool-sweater",
                title: "Explainer: what a supply chain is, told through one wool sweater",
                author: "Colette Marchand-Ruiz",
                summary: "From a hillside flock to a shop window, a sweater passes through many hands. Following one shows what people mean when they talk about supply chains.",
                body: """
                The phrase “supply chain” can sound abstract. It simply means all the steps, and all the businesses, that turn raw materials into something you can buy. Following a single wool sweater from the Eastwold hills to a shop on Harbor Street makes it concrete.

                ## From sheep to yarn

                It starts with a flock of sheep on a hill farm, sheared once a year in early summer. The fleeces are sorted by quality, packed into bales and sent to a wool mill, where they are washed, combed into long soft ropes and spun into yarn.

                The mill dyes the yarn in batches. Each batch gets a number, so that a knitter who runs out can buy more of exactly the same shade.

                ## From yarn to sweater

                The yarn travels to a small knitting workshop, where machines knit the body and sleeves as separate pieces. Skilled finishers join the pieces by hand, wash the sweater to soften it, and press it into shape.

                From the workshop, the finished sweaters are folded, labelled and boxed, and a carrier takes them to a regional warehouse. There they are sorted with goods from dozens of other makers and loaded onto the lorries that supply the shops along the coast. The shop on Harbor Street receives its order on a Tuesday, and the sweaters are in the window by Wednesday.

                ## Where the time goes

                The whole journey, from shearing to shop window, can take more than a year. Much of that time is waiting: fleeces waiting for the mill’s next washing day, yarn waiting for a dye batch to be full, finished sweaters waiting for the autumn season. Each pause is a place where a business must decide how much to keep in stock, and how much money to tie up in it.

                - Farm: shearing, sorting, baling.
                - Mill: washing, combing, spinning, dyeing.
                - Workshop: knitting, finishing, labelling.
                - Shop: display, sale, and sometimes repairs.

                ## Why it matters

                Each step adds cost and value, and each is a place where things can go wrong: a wet shearing season, a delayed lorry, a dye that does not match. Businesses that understand their whole chain can plan for those problems, and shoppers who understand it can see why a well-made sweater costs what it does.
                """
            ),
            DemoArticle(
                slug: "typewriter-repair-waiting-list",
                title: "The typewriter repair shop with a six-month waiting list",
                author: "Tobiah Wrenshaw",
                summary: "Augustin Pelletier has repaired typewriters in the same narrow shop for thirty-five years. Demand has never been higher.",
                body: """
                The shop on Ropewalk Lane is barely wider than its door. Inside, typewriters line every shelf: black office machines, pastel portables, and a few strange models with keyboards in alphabets Augustin Pelletier cannot read but can still fix.

                Pelletier opened the shop thirty-five years ago, when typewriters were being thrown away by the thousand. He expected it to last a few years. Instead, he now has a waiting list of more than six months.

                ## Who wants a typewriter

                His customers are writers who want fewer distractions, students who found a machine in a grandparent’s attic, and people who simply like the sound. Some bring machines that have not been used in fifty years, seized with dust and dried oil.

                > “They are honest machines,” Pelletier said. “Every part does one thing, and you can see it doing it.”

                ## Passing on the trade

                Two years ago, he took on an apprentice, Mireille Okonkwo, who had been one of his customers. She now handles most of the cleaning and adjustment, and is learning the harder work of making replacement parts.

                Pelletier says he has no plans to retire. He would, however, like the waiting list to be shorter, and he hopes Okonkwo will one day open a second shop.
                """
            ),
            DemoArticle(
                slug: "port-plugs-in-ships",
                title: "Port Anselm lets ships plug in at the quay",
                author: "Devendra Oyelowo",
                summary: "Ferries and supply vessels at the north quay can now switch off their engines and draw power from the shore. Harbour businesses say the quieter quay is a welcome change.",
                body: """
                Ships in port still need electricity: for lights, refrigeration, pumps and the galley. Traditionally they have made it by running their own engines at the quay, which means noise and exhaust for everyone nearby.

                Since the spring, ferries and supply vessels at Port Anselm’s north quay have been able to plug in instead. Thick cables in yellow housings run from connection points on the quay to sockets on the ships.

                ## Building the connection

                The project took three years, mostly spent on planning. The harbour authority had to upgrade its electricity supply, agree on connection standards with the ferry operators, and train crews on the new procedure.

                [figure] The new connection points on the north quay, one for each berth.

                Only vessels fitted with the right sockets can use the system, so far about half of the regular visitors. The harbour authority says more operators are adding them as their ships come in for scheduled refits.

                ## A quieter quay

                Cafés and shops along the quay say the difference is noticeable. The low hum of idling engines, once a constant background, has largely gone from the north end. One café owner has moved her outdoor tables closer to the water.

                The harbour authority plans to extend the system to the south quay, where larger cargo ships berth, over the next few years.
                """
            ),
        ]
    )
}
