/// Datadog's flags configurations for the client tests (UFC, Datadog's dialect unless said).
enum DatadogDocuments {
    /// `checkout` (STRING: `new` for plan `pro` in the logged allocation `pro`, `old` for everyone
    /// else in `rest`, not logged), `rollout` (BOOLEAN: shards of salt `rollout` split 50/50,
    /// logged, split serial ids 7 and 8), `limit` (INTEGER 42), `ratio` (NUMERIC 0.5), `config`
    /// (JSON), `dark` (disabled), `late` (its only allocation starts in 2999).
    static func standard(checkoutNew: String = "new", jsonValues: Bool = true) -> String {
        let config = jsonValues ? #"{"theme":"dark","size":3}"# : #""{\"theme\":\"dark\",\"size\":3}""#
        return #"""
        {"createdAt":"2026-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
         "checkout":{"key":"checkout","enabled":true,"variationType":"STRING","totalShards":10000,
          "variations":{"new":{"key":"new","value":"\#(checkoutNew)"},"old":{"key":"old","value":"old"}},
          "allocations":[{"key":"pro","doLog":true,"rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                          "splits":[{"variationKey":"new","shards":[]}]},
                         {"key":"rest","doLog":false,"splits":[{"variationKey":"old","shards":[]}]}]},
         "rollout":{"key":"rollout","enabled":true,"variationType":"BOOLEAN","totalShards":10000,
          "variations":{"on":{"key":"on","value":true},"off":{"key":"off","value":false}},
          "allocations":[{"key":"half","doLog":true,"splits":[
            {"variationKey":"on","serialId":7,"shards":[{"salt":"rollout","totalShards":10000,"ranges":[{"start":0,"end":5000}]}]},
            {"variationKey":"off","serialId":8,"shards":[{"salt":"rollout","totalShards":10000,"ranges":[{"start":5000,"end":10000}]}]}]}]},
         "limit":{"key":"limit","enabled":true,"variationType":"INTEGER","totalShards":10000,
          "variations":{"v":{"key":"v","value":42}},"allocations":[{"key":"all","doLog":false,"splits":[{"variationKey":"v","shards":[]}]}]},
         "ratio":{"key":"ratio","enabled":true,"variationType":"NUMERIC","totalShards":10000,
          "variations":{"v":{"key":"v","value":0.5}},"allocations":[{"key":"all","doLog":false,"splits":[{"variationKey":"v","shards":[]}]}]},
         "config":{"key":"config","enabled":true,"variationType":"JSON","totalShards":10000,
          "variations":{"v":{"key":"v","value":\#(config)}},"allocations":[{"key":"all","doLog":true,"splits":[{"variationKey":"v","shards":[],"extraLogging":{"holdoutKey":"h1"}}]}]},
         "dark":{"key":"dark","enabled":false,"variationType":"BOOLEAN","totalShards":10000,
          "variations":{"on":{"key":"on","value":true}},"allocations":[{"key":"all","splits":[{"variationKey":"on","shards":[]}]}]},
         "late":{"key":"late","enabled":true,"variationType":"STRING","totalShards":10000,
          "variations":{"v":{"key":"v","value":"later"}},
          "allocations":[{"key":"future","startAt":"2999-01-01T00:00:00Z","splits":[{"variationKey":"v","shards":[]}]}]}}}
        """#
    }

    /// The configuration in the envelope Datadog's CDN serves.
    static func envelope(_ ufc: String = standard()) -> String {
        #"{"data":{"type":"universal-flag-configuration","id":"1","attributes":\#(ufc)}}"#
    }
}
