extension DemoEdition {
    /// Technology: patient, curious writing about tools people actually live with.
    static let orbitalReview = DemoSource(
        id: "orbital-review",
        name: "The Orbital Review",
        description: "Unhurried reporting on the tools, networks and software people actually live with. (demo)",
        siteURL: "https://orbital-review.example",
        category: .technology,
        language: .en,
        countryCode: "us",
        monogram: "O",
        palette: DemoPalette(
            backgroundStart: "#1d1b4b", backgroundEnd: "#3d2f7f",
            accents: ["#f2a541", "#5ad1e6", "#b69cff"], ink: "#f4f1ff"
        ),
        motif: .orbits,
        articles: [
            DemoArticle(
                slug: "repairable-laptop-returns",
                title: "The quiet return of the laptop you can open with a coin",
                author: "Mara Lindqvist-Obi",
                summary: "Kestrelwright’s new notebook has six screws, labelled parts and a manual that assumes you will use it. Owners say that changes how long they plan to keep it.",
                body: """
                The first thing you notice about the Kestrelwright Fieldbook is not the screen or the keyboard. It is a small engraved circle on the underside, sized for a coin, with the words “open me” printed beside it. Turn it a quarter and the bottom panel lifts away.

                Inside, every part carries a printed label and a number that matches a page in the manual. The battery sits in a tray with a pull tab. The storage drive is held by a single thumb screw. The fan, the part most likely to gather dust, clips out without tools.

                ## A design brief written by repair benches

                Kestrelwright’s engineers spent their first year not in a lab but at community repair evenings, where volunteers fix toasters and bicycles alongside computers. They kept a tally of what broke, what could not be reached, and what had been glued shut.

                > “We stopped asking what would make the machine thinner and started asking what would make the fifth year pleasant,” said Odile Marchetti, who led the hardware team.

                The result is a few millimetres thicker than its rivals and about eighty grams heavier. In a week of daily use, we never noticed either. We did notice the keyboard, which is firm and quiet, and the matte screen, which behaves well by a sunny window.

                ## What owners say

                Early buyers we spoke to describe a change in attitude more than a change in hardware. Several said they had stopped thinking of the machine as something with an expiry date. One, a music teacher in the river town of Ashgrove, had already replaced her own battery and kept the old one for a neighbour’s project.

                Whether the idea spreads depends on whether people will pay for longevity up front. For now, the Fieldbook is a reminder that a computer can be built to be understood.
                """
            ),
            DemoArticle(
                slug: "ashgrove-mesh-network",
                title: "How Ashgrove built its own internet, one rooftop at a time",
                author: "Teodor Haverland",
                summary: "When the valley’s only cable line kept failing, residents of Ashgrove strung together a mesh network of rooftop radios. Six years on, it carries the whole town.",
                body: """
                Ashgrove sits at the end of a long valley road, and for years its connection to the wider world ran through a single cable strung along that road. When storms brought down branches, the town went quiet.

                The fix began in a garage. A retired surveyor named Bettina Coyle bought two small radios, pointed them at each other across the river, and found that they could carry a video call between her house and her sister’s. Within a month, a dozen neighbours had asked how to join.

                ## How a mesh works

                In a mesh network, every rooftop radio talks to the ones it can see and passes along traffic for the others. No single house is in charge. If one radio goes dark, messages find another path, much as water finds its way around a stone.

                [figure] Each rooftop node can see at least two others, so the network heals itself when one goes offline.

                Today Ashgrove’s mesh has more than three hundred nodes, a volunteer rota for climbing ladders, and a shared link to the regional exchange paid for by a small monthly subscription. The school, the clinic and the ferry office all run on it.

                - Volunteers hold a repair evening on the first Thursday of each month.
                - New members get a node, a mounting kit and an afternoon of help.
                - Anyone can read the network map, which is posted in the library.

                The cable still runs along the valley road. These days, when it fails, most people in Ashgrove only hear about it afterwards.
                """
            ),
            DemoArticle(
                slug: "five-things-phone",
                title: "A week with a phone that only does five things",
                author: "Priya Castellane",
                summary: "The Plainsong One makes calls, sends messages, takes photos, plays music and shows a map. Our reviewer found the missing sixth thing was mostly habit.",
                body: """
                The Plainsong One arrives in a paper box the size of a paperback. The phone inside is small, rounded and matte grey, with a screen that fills about half the front and a row of real buttons below it.

                It does five things: calls, messages, photos, music and maps. There is no app store and no browser. The settings menu has eleven entries, and one of them is “about this phone”.

                ## The first two days

                The first two days were uncomfortable in a way I had not expected. My hand kept reaching for the phone in idle moments, unlocking it, finding nothing new and putting it away again. By the third morning, the reaching had slowed.

                ## What I missed, and what I did not

                I missed looking things up in the middle of conversations, though my friends did not seem to miss me doing it. I missed a proper calendar. I did not miss anything else, which surprised me more than anything in the review.

                The camera is modest but honest, with warm colours and no filters. The maps work offline for the region you download. Battery life was four days of ordinary use.

                The Plainsong One will not replace most people’s main phone, and its makers do not pretend it will. It works best as a weekend phone, a holiday phone, or a gentle experiment in paying attention. As an experiment, it was one of the more useful weeks I have spent with a gadget.
                """
            ),
            DemoArticle(
                slug: "library-lends-soldering-irons",
                title: "Inside the library that lends out soldering irons",
                author: "Mara Lindqvist-Obi",
                summary: "At the Wrenfield Tool Library, you can borrow a multimeter as easily as a novel. Its busiest shelf holds the kits for fixing things at home.",
                body: """
                The Wrenfield Tool Library occupies the back half of a former seed shop. The front still smells faintly of grain. The back smells of solder flux and machine oil, and it is usually busy.

                Members pay a small yearly fee and borrow tools for a week at a time: drills, sewing machines, bread ovens, a thermal camera, and, most popular of all, a set of electronics repair kits packed into blue toolboxes.

                ## The blue boxes

                Each kit contains a temperature-controlled soldering iron, a multimeter, a set of fine screwdrivers, a magnifier, and a laminated card of first steps. A volunteer checks every box when it comes back and restocks anything used up.

                > “People come in for a drill and leave with the confidence to open their radio,” said Hamid Aroyan, who started the library with a borrowed van and three donated workbenches.

                Saturday mornings are set aside for teaching. Beginners practise on scrap circuit boards before they touch anything they care about. The most common first repair, according to the library’s own log, is a loose charging socket.

                The library keeps a notebook of every fix its members report. It now runs to four volumes.
                """
            ),
            DemoArticle(
                slug: "spreadsheet-runs-ferry",
                title: "The spreadsheet that has run a ferry line for nineteen years",
                author: "Teodor Haverland",
                summary: "The Greyhaven crossing schedules its boats, crews and tides from a single spreadsheet. Its keeper explains why nobody wants to replace it.",
                body: """
                Every morning at half past five, Lorna Abernathy opens a spreadsheet called FERRY-MASTER and checks the tide column. The Greyhaven crossing has three boats, eleven crew and a harbour that empties at low water, and all of it lives in that one file.

                The spreadsheet began as a list of crew shifts. Over nineteen years it grew tabs for tide tables, fuel, maintenance, school holidays and the ferry’s famous lost-property log, which currently records four umbrellas and a cello.

                ## Why it works

                Software consultants have visited twice with proposals to replace it. Both times, the crews asked to keep the spreadsheet. It is fast, it works without a connection, and everyone knows how to read it.

                Abernathy has made it sturdy in small ways. Each tab starts with a plain-language note saying what it is for. Formulas that matter are coloured green and locked. A copy is saved to a second machine every night, and a printed timetable is pinned in the wheelhouse in case both fail.

                ## Passing it on

                The real question, she says, is not the software but the knowledge around it. This winter she is training two younger crew members to run the file, one tab at a time.

                > “A tool is only as good as the number of people who understand it,” she said. “Right now that number is one. By spring it will be three.”
                """
            ),
            DemoArticle(
                slug: "keeping-an-old-language-alive",
                title: "The six people keeping a thirty-year-old programming language alive",
                author: "Ilse Brandvold",
                summary: "Marl was written for warehouse scanners and never meant to last. A small volunteer team still ships a release every spring.",
                body: """
                Marl was designed in a hurry for a fleet of handheld warehouse scanners. It had to be small, it had to be forgiving, and it had to run on machines with less memory than a modern greeting card. It was all of those things, and then the scanners were retired.

                The language did not retire with them. Marl programs still run shipping depots, seed banks and at least one regional orchestra’s sheet-music archive. When the original company closed, a handful of users took over the compiler.

                ## A release every spring

                The team now has six regular members in five time zones. They meet by video once a month and ship one release a year, in spring, with a short list of fixes and a longer list of thank-yous.

                - Every change needs two reviewers, one of whom did not write it.
                - The test suite includes programs donated by real users.
                - Nothing is removed without a year’s notice.

                The newest member, a student named Rafe Okafor, joined after finding a bug in his family’s bakery ordering system. He fixed it, then fixed the three bugs next to it.

                The team does not expect Marl to grow. They want it to stay dependable for the people who rely on it, which, they point out, is what most software is for.
                """
            ),
            DemoArticle(
                slug: "epaper-bus-stops",
                title: "E-paper signs arrive at the bus stops of Castlemoor",
                author: "Priya Castellane",
                summary: "Castlemoor’s new departure boards look like printed paper and run on a small solar panel. The trial has drawn praise for being readable in full sun.",
                body: """
                The new departure boards at Castlemoor’s bus stops look, at first glance, like a timetable somebody pinned up that morning. Look again and the minutes tick down.

                They use electronic paper, the same kind of screen found in e-readers. It reflects light instead of glowing, so it is easiest to read in bright sun, and it needs power only when the picture changes. A panel on the shelter roof keeps each board running through the winter.

                ## Faster than it used to be

                E-paper has long been too slow for anything that updates often. The panels in the Castlemoor trial redraw in under a second, fast enough for a countdown of arriving buses.

                [figure] A departure board on the harbour route, readable from across the street at midday.

                Riders in the trial were asked what they wanted from a sign. The top answers were large type, the next three buses rather than ten, and a clear notice when a route is diverted. The designers gave each its own line.

                The council plans to decide on a wider rollout after a full year of data, including how the boards cope with frost.
                """
            ),
            DemoArticle(
                slug: "where-old-routers-go",
                title: "Where old routers go: a morning on a refurbishing line",
                author: "Ilse Brandvold",
                summary: "At a workshop on the edge of Millbrook, returned network gear is tested, wiped and given a second home. About four in five units make it back into service.",
                body: """
                The pallets arrive on Mondays: routers, switches and small wireless boxes returned by offices that upgraded, schools that moved, and households that simply bought something new.

                The Second Signal workshop tests every unit. A technician plugs it into a bench rig, checks that it powers on, erases anything left on it and installs fresh firmware. A label printer gives it a new serial number and a one-line history.

                ## What fails, and why

                Most rejects fail for small reasons: a swollen capacitor, a cracked power socket, a fan that rattles. Those parts are harvested for repairs. Units that cannot be saved are broken down and sorted for recycling.

                > “The surprising thing is how little is actually worn out,” said workshop lead Cosmo Ferreira. “Mostly it is just unwanted.”

                The refurbished gear goes to community centres, small charities and the workshop’s own low-cost shop. Each unit leaves with a printed page explaining, in plain words, how to set it up.

                Ferreira’s favourite statistic is not the number of units saved but the number of calls to the help line, which has fallen every year as the setup page has been rewritten.
                """
            ),
            DemoArticle(
                slug: "case-for-boring-software",
                title: "In praise of boring software",
                author: "Teodor Haverland",
                summary: "The programs we rely on most rarely make headlines. An essay on why dull, predictable tools deserve more credit than they get.",
                body: """
                The most important program on my computer has not changed its look in eleven years. It is a plain text editor. It opens instantly, it never asks me to sign in, and it has never once rearranged its menus.

                We talk about software as if novelty were the point. New features, new designs, new ways to do old things. But the tools people trust are usually the ones that behave the same way on a tired Friday as they did on a fresh Monday.

                ## What boring buys you

                Predictable software lets you build habits on top of it. You can teach it to someone else. You can write down how to use it and the note will still be true next year. You can stop thinking about the tool and start thinking about the work.

                ## Boring is not the same as neglected

                None of this means standing still. The best dull programs are looked after constantly: bugs fixed, security holes closed, small speedups added where nobody will notice. The care goes into keeping the surface still.

                Consider the timetable software at a small regional railway I once visited. It had been rewritten twice in twenty years, each time from scratch, and each time the staff spent a winter relearning where everything was. The third time, the maintainers took a different approach: they changed the inside and left the screens exactly as they were. Nobody outside the office noticed. That was the success.

                ## The cost of change

                Every change to a familiar tool has a cost that rarely appears in a release note. Someone has to relearn a habit. A printed guide goes out of date. A colleague who was confident yesterday hesitates today. Sometimes the change is worth it. Often it is made because a new version needed something new to show.

                There is a quiet discipline in resisting that. It means asking, before every change, who will have to learn it and what they will get in return. It means keeping old keyboard shortcuts working long after they have been replaced. It means writing the release note for the person who will read it on a tired Friday.

                If there is a lesson for the people who make software, it may be that a quiet release note is a compliment. If there is one for the rest of us, it is to thank the maintainers of the boring things. They are holding up more than we see.
                """
            ),
            DemoArticle(
                slug: "rooftop-solar-server",
                title: "A year of running a web server on a solar panel",
                author: "Mara Lindqvist-Obi",
                summary: "A small design studio put its website on a tiny computer powered by a rooftop panel and a battery. It stayed online for all but nine days.",
                body: """
                Tallowmere Studio’s website lives on a computer about the size of a sandwich, on a shelf under the studio’s skylight. A single solar panel on the roof charges a battery beside it. When the sun does not shine for long enough, the website goes to sleep.

                That was the point. The studio wanted to know how small a website could be and still do its job, and what it would feel like to run one that depended on the weather.

                ## Designing for less

                Pages were rebuilt to weigh as little as possible. Photos became small dithered images. Fonts were dropped in favour of ones already on visitors’ machines. A battery gauge in the corner of every page shows how much charge is left.

                [figure] The battery gauge on the studio’s home page, shown here late on a clear afternoon.

                Over the year, the site went offline on nine days, all in midwinter, and always in the small hours of the morning. Visitors, the studio found, were charmed rather than annoyed. Several wrote in to ask about the weather.

                The studio does not suggest every website should follow. But the experiment changed how its designers think about weight. Their client projects, they say, are now noticeably lighter too.
                """
            ),
            DemoArticle(
                slug: "one-handed-keyboard",
                title: "A keyboard for one hand, designed by the people who use it",
                author: "Priya Castellane",
                summary: "The Fernwick chorded keyboard was shaped over two years of workshops with one-handed typists. Its makers publish every design file for anyone to build.",
                body: """
                The Fernwick keyboard has nine keys, arranged in a gentle curve that follows the fingertips of a resting hand. Letters come from pressing keys together, in chords, much as a pianist plays.

                It began with a question from Anneke Solberg, a translator who lost the use of her left hand in a climbing accident. She wanted to type as fast as she used to and could not find a keyboard she liked. She found a small group of hobbyists who wanted to help.

                ## Two years of workshops

                The group ran monthly sessions with one-handed typists, each trying prototypes and reporting what felt wrong. The curve of the keys changed eight times. The chord for the letter e, the most common in English, moved to the gentlest possible press.

                - Left-handed and right-handed versions share every part but the case.
                - A practice program teaches the chords with short, friendly sentences.
                - The design files are published for anyone to build or adapt.

                Solberg now types at about four fifths of her old speed and expects to pass it by summer. The hobbyists have started on a version for people who type with a mouth stick, with the same group of testers leading the way.
                """
            ),
            DemoArticle(
                slug: "thermostat-less-smart",
                title: "Teaching a smart thermostat to be a little less smart",
                author: "Ilse Brandvold",
                summary: "A household in Harrowgate turned off their thermostat’s learning features and went back to a simple schedule. Their energy use barely changed, and their arguments stopped.",
                body: """
                The thermostat in the Okonkwo-Reyes household was, according to its box, able to learn. It watched when people came and went, guessed what temperature they liked, and quietly adjusted the heating to match.

                The family found it baffling. The living room would cool just as everyone sat down for a film. The bathroom would warm up at two in the afternoon on days when nobody was home. Nobody could explain what it was doing, including the thermostat.

                ## Back to a schedule

                In the end they switched off the learning features and wrote a simple weekly schedule: warm in the mornings and evenings, cooler at night, a little warmer on weekends. It took ten minutes.

                Over the following winter their energy use was within a few percent of the year before. The difference, they said, was that they understood why the house felt the way it did.

                Designers of home devices have begun to talk about “legibility”: whether a person can tell what a machine is doing and why. A device that explains itself, even simply, tends to be trusted more than one that is cleverer but silent.
                """
            ),
        ]
    )
}
